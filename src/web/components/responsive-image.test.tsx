// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LAZY_ROOT_MARGIN, ResponsiveImage } from './responsive-image.tsx';

/** A stand-in for the browser's IntersectionObserver (jsdom has none) that the test can trigger. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  enterViewport() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

const props = {
  src: 'product-dashboard.png',
  alt: 'The LetLead dashboard',
  width: 2560,
  height: 1600,
  sizes: '(min-width: 1024px) 590px, 100vw',
};

describe('ResponsiveImage', () => {
  test('waits until the image is 50 px from the viewport before loading anything', () => {
    const { container } = render(<ResponsiveImage {...props} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('source, img')).toBeNull();
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.options.rootMargin).toBe(LAZY_ROOT_MARGIN);
    expect(LAZY_ROOT_MARGIN).toBe('50px');

    observer!.enterViewport();
    const image = screen.getByRole('img', { name: 'The LetLead dashboard' });
    expect(image.getAttribute('sizes')).toBe(props.sizes);
    expect(image.getAttribute('width')).toBe('2560');
    expect(image.getAttribute('src')).toBe('/images/product-dashboard.png?w=1024&f=jpeg');
  });

  test('offers AVIF and WebP at every served width, with JPEG for older browsers', () => {
    const { container } = render(<ResponsiveImage {...props} isPriority />);
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [320, 640, 768, 1024, 1280, 1920]
        .map((w) => `/images/product-dashboard.png?w=${w}&f=avif ${w}w`)
        .join(', '),
    );
    expect(sources[1]!.getAttribute('srcset')).toContain('/images/product-dashboard.png?w=640&f=webp 640w');
    expect(container.querySelector('img')!.getAttribute('srcset')).toContain('?w=320&f=jpeg 320w');
  });

  test('never offers a width larger than the picture itself', () => {
    const { container } = render(<ResponsiveImage {...props} width={800} height={500} isPriority />);
    expect(container.querySelector('source')!.getAttribute('srcset')).toBe(
      '/images/product-dashboard.png?w=320&f=avif 320w, /images/product-dashboard.png?w=640&f=avif 640w, /images/product-dashboard.png?w=768&f=avif 768w',
    );
  });

  test('loads a priority image at once, with high priority', () => {
    render(<ResponsiveImage {...props} isPriority />);
    expect(screen.getByRole('img').getAttribute('fetchpriority')).toBe('high');
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  test("says 'Failed to load image' when the image cannot be loaded", () => {
    render(<ResponsiveImage {...props} isPriority />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText('Failed to load image')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The LetLead dashboard: Failed to load image' })).toBeTruthy();
  });
});
