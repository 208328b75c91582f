import { ImageOffIcon } from 'lucide-react';
import { type ImageFormat, imageUrl, imageWidths } from '#shared/images.ts';
import { showImageFailures } from '#web/enhancements/image-failure.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { cn } from '#web/lib/utils.ts';

type ResponsiveImageProps = {
  /** A file in the server's image folder, served resized by GET /images/:file. */
  src: string;
  alt: string;
  /** The image's own size: it reserves the space before the image arrives, so nothing jumps. */
  width: number;
  height: number;
  /** How wide the image is drawn, as the `sizes` attribute says it (e.g. `(min-width: 1024px) 960px, 100vw`). */
  sizes: string;
  /** For the page's main (LCP) image: loads at once with high priority instead of near the viewport. */
  isPriority?: boolean;
  className?: string;
};

function srcSet(src: string, format: ImageFormat, maxWidth: number): string {
  return imageWidths
    .filter((width) => width <= maxWidth)
    .map((width) => `${imageUrl(src, { w: width, f: format })} ${width}w`)
    .join(', ');
}

/**
 * An image in AVIF or WebP (JPEG for older browsers) at the width the layout needs, with
 * 'Failed to load image' in its place if it cannot be loaded. The browser loads it as it nears the
 * viewport (`loading="lazy"`): no script is needed, so a prerendered page shows it as it is.
 * Its width and height reserve its space before it arrives, so nothing moves.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  isPriority = false,
  className,
}: ResponsiveImageProps) {
  const ref = useEnhancement<HTMLDivElement>(showImageFailures);
  return (
    <div ref={ref} className="contents">
      <picture>
        <source type="image/avif" srcSet={srcSet(src, 'avif', width)} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(src, 'webp', width)} sizes={sizes} />
        <img
          src={imageUrl(src, { w: 1024, f: 'jpeg' })}
          srcSet={srcSet(src, 'jpeg', width)}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={isPriority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={isPriority ? 'high' : undefined}
          className={cn('h-auto w-full bg-slate-100', className)}
        />
      </picture>
      {/* Shown in the picture's place by the enhancement (image-failure.ts) if it cannot be loaded. */}
      <div
        data-image-failure
        hidden
        role="img"
        aria-label={`${alt}: Failed to load image`}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={cn(
          'flex w-full flex-col items-center justify-center gap-2 bg-slate-100 text-sm text-slate-600',
          className,
        )}
      >
        <ImageOffIcon className="size-6" aria-hidden="true" />
        <span>Failed to load image</span>
      </div>
    </div>
  );
}
