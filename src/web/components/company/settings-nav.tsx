import {
  CalendarDaysIcon,
  type LucideIcon,
  PlugIcon,
  SettingsIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { TeamArea } from '#shared/team-roles.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useRole } from '#web/lib/use-role.ts';
import { cn } from '#web/lib/utils.ts';

type SettingsLink = { href: string; label: string; area: TeamArea; icon: LucideIcon };

/** The company's settings pages, each for the roles that may use its area (docs/team.md). */
const SETTINGS_LINKS: readonly SettingsLink[] = [
  { href: '/team', label: 'Team', area: 'team', icon: UsersIcon },
  { href: '/integrations', label: 'Integrations', area: 'integrations', icon: PlugIcon },
  { href: '/calendar-feed', label: 'Calendar feed', area: 'leads', icon: CalendarDaysIcon },
  { href: '/my-account', label: 'My Account', area: 'leads', icon: UserCogIcon },
];

function useSettingsLinks(): SettingsLink[] {
  const { can } = useRole();
  return SETTINGS_LINKS.filter((link) => can(link.area));
}

/** The dashboard's way to the settings pages: a Settings menu in the top bar. */
export function SettingsMenu() {
  const links = useSettingsLinks();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <SettingsIcon aria-hidden="true" />
          Settings
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {links.map(({ href, label, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <Link href={href}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The settings pages side by side under their header, the current one marked. On a phone the
 * icons give way to the words, and a page that still does not fit goes to a second line: none is
 * ever hidden off the edge.
 */
export function SettingsNav({ className }: { className?: string }) {
  const links = useSettingsLinks();
  const [location] = useLocation();
  return (
    <nav aria-label="Settings" className={cn('-mb-px', className)}>
      <ul className="flex flex-wrap gap-x-1">
        {links.map(({ href, label, icon: Icon }) => {
          const isCurrent = location === href;
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-1.5 border-b-2 px-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isCurrent
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="hidden size-4 sm:block" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
