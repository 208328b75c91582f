import { ResponsiveImage } from '#web/components/responsive-image.tsx';

/** The product picture of the landing page's "How it works": the dashboard beside a tenant's chat. */
export function ProductPicture() {
  return (
    <ResponsiveImage
      src="product-dashboard.png"
      alt="The LetLead dashboard listing qualified leads with their scores out of 10, beside a tenant's chat with the AI assistant on a phone"
      width={2560}
      height={1600}
      sizes="(min-width: 1152px) 590px, (min-width: 1024px) 52vw, calc(100vw - 2rem)"
    />
  );
}
