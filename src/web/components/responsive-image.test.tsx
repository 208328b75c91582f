// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ResponsiveImage } from './responsive-image.tsx';

afterEach(cleanup);

const props = {
  src: 'product-dashboard.png',
  alt: 'The LetLead dashboard',
  width: 2560,
  height: 1600,
  sizes: '(min-width: 1024px) 590px, 100vw',
};

describe('ResponsiveImage', () => {
  test('is in the markup from the first render, for the browser to load as it nears the viewport', () => {
    // A prerendered page shows it without any script: no placeholder waits for one.
    const { container } = render(<ResponsiveImage {...props} />);
    const image = screen.getByRole('img', { name: 'The LetLead dashboard' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('fetchpriority')).toBeNull();
    expect(image.getAttribute('sizes')).toBe(props.sizes);
    expect(image.getAttribute('width')).toBe('2560');
    expect(image.getAttribute('height')).toBe('1600');
    expect(image.getAttribute('src')).toBe('/images/product-dashboard.png?w=1024&f=jpeg');
    expect(container.querySelectorAll('source')).toHaveLength(2);
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
    expect(screen.getByRole('img').getAttribute('loading')).toBe('eager');
  });

  test("says 'Failed to load image' when the image cannot be loaded", () => {
    render(<ResponsiveImage {...props} isPriority />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText('Failed to load image')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The LetLead dashboard: Failed to load image' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'The LetLead dashboard' })).toBeNull();
  });
});
