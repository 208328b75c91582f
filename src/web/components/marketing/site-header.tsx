import { useUser } from '#web/lib/use-user.ts';
import { Island } from './island.tsx';
import { SiteHeaderView } from './site-header-view.tsx';

/**
 * The public site's top bar. On the landing page its links scroll to the sections; on other pages
 * they lead back to them. Below the md breakpoint they fold into a menu.
 */
export function SiteHeader({ isLanding = false }: { isLanding?: boolean }) {
  const { user } = useUser();
  return (
    <Island name="site-header" props={{ isLanding }}>
      <SiteHeaderView isLanding={isLanding} user={user ?? null} />
    </Island>
  );
}
