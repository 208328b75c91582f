import { LogOutIcon, SparklesIcon, UserCogIcon } from 'lucide-react';
import { Link } from 'wouter';
import { companyInitials } from '#shared/format.ts';
import { SettingsMenu } from '#web/components/company/settings-nav.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

type DashboardHeaderProps = {
  companyName: string | null | undefined;
  onGenerateAgent: (() => void) | null;
  isGenerating: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/** The top bar: whose dashboard this is, the agency link, the account, the settings and signing out. */
export function DashboardHeader({
  companyName,
  onGenerateAgent,
  isGenerating,
  onLogout,
  isLoggingOut,
}: DashboardHeaderProps) {
  const displayName = companyName?.trim() || 'Property Manager';
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground"
            aria-hidden="true"
          >
            {companyInitials(displayName)}
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold">{displayName}</h1>
            <p className="text-xs text-muted-foreground">LetLead dashboard</p>
          </div>
        </div>
        <nav aria-label="Account" className="flex flex-wrap items-center gap-2">
          {onGenerateAgent ? (
            <Button onClick={onGenerateAgent} disabled={isGenerating}>
              {isGenerating ? <Spinner label={null} /> : <SparklesIcon aria-hidden="true" />}
              Generate AI Agent
            </Button>
          ) : null}
          <Button variant="outline" asChild>
            <Link href="/my-account">
              <UserCogIcon aria-hidden="true" />
              My Account
            </Link>
          </Button>
          <SettingsMenu />
          <Button variant="ghost" onClick={onLogout} disabled={isLoggingOut}>
            {isLoggingOut ? <Spinner label={null} /> : <LogOutIcon aria-hidden="true" />}
            Logout
          </Button>
        </nav>
      </div>
    </header>
  );
}
