import {
  Building2Icon,
  CalendarDaysIcon,
  ChartNoAxesColumnIcon,
  InboxIcon,
  RadioIcon,
  UsersIcon,
} from 'lucide-react';
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { AgentUrlDialog } from '#web/components/dashboard/agent-url-dialog.tsx';
import {
  useDashboard,
  useFailureToast,
  useGenerateAgentUrl,
} from '#web/components/dashboard/dashboard-api.ts';
import { DashboardHeader } from '#web/components/dashboard/dashboard-header.tsx';
import { StatCards } from '#web/components/dashboard/stat-cards.tsx';
import { LeadsTab } from '#web/components/leads/leads-tab.tsx';
import { useLiveConversations } from '#web/components/live/use-live-conversations.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { TabSkeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { type Preload, preloadable } from '#web/lib/preloadable.tsx';
import { useLogout } from '#web/lib/use-logout.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';
import { useUser } from '#web/lib/use-user.ts';
import { whenIdle } from '#web/lib/when-idle.ts';

// Property Leads, the tab an agent lands on, comes with the page. Every other tab is its own chunk
// (Radix mounts a tab's content only while it is shown): fetched once the first screen is shown
// and the browser is idle, or sooner when the pointer or the focus reaches its trigger, so that it
// is there when the agent opens it (docs/performance.md, "The dashboard's first screen").
const PropertiesTab = preloadable(() =>
  import('#web/components/properties/properties-tab.tsx').then((module) => module.PropertiesTab),
);
const ViewingsTab = preloadable(() =>
  import('#web/components/viewings/viewings-tab.tsx').then((module) => module.ViewingsTab),
);
const EnquiriesTab = preloadable(() =>
  import('#web/components/enquiries/enquiries-tab.tsx').then((module) => module.EnquiriesTab),
);
const InsightsTab = preloadable(() =>
  import('#web/components/insights/insights-tab.tsx').then((module) => module.default),
);
// The Live tab's badge needs only the stream (use-live-conversations.ts), which comes with the page.
const LiveTab = preloadable(() =>
  import('#web/components/live/live-tab.tsx').then((module) => module.default),
);
// Only an account without a company yet registers one.
const CompanyRegistrationDialog = lazy(() =>
  import('#web/components/company/company-registration-dialog.tsx').then((module) => ({
    default: module.CompanyRegistrationDialog,
  })),
);
const LATER_TABS = [PropertiesTab, ViewingsTab, EnquiriesTab, InsightsTab, LiveTab];

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  const logout = useLogout();
  const company = user?.company ?? null;

  if (!company) {
    return (
      <div className="min-h-screen bg-muted/30">
        <DashboardHeader
          companyName={null}
          onGenerateAgent={null}
          isGenerating={false}
          onLogout={() => logout.mutate()}
          isLoggingOut={logout.isPending}
        />
        <main className="mx-auto max-w-screen-2xl px-4 py-8 sm:px-6">
          <p className="text-muted-foreground">Register your company to add properties and see your leads.</p>
        </main>
        <Suspense fallback={null}>
          <CompanyRegistrationDialog />
        </Suspense>
      </div>
    );
  }
  return (
    <CompanyDashboard companyId={company.id} fallbackCompany={company} logout={logout} userId={user!.id} />
  );
}

type Logout = ReturnType<typeof useLogout>;

const DASHBOARD_TABS = [
  'property-leads',
  'property-list',
  'viewings',
  'enquiries',
  'insights',
  'live',
] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * The open tab, kept in the address (`/?tab=viewings`) so that an email's link, a bookmark or a
 * reload opens the same tab. Leads, the first tab, keeps the bare address.
 */
function useDashboardTab(): [DashboardTab, (tab: string) => void] {
  const [tab, setTabState] = useState<DashboardTab>(() => {
    const asked =
      typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('tab');
    return DASHBOARD_TABS.find((name) => name === asked) ?? 'property-leads';
  });
  const setTab = (next: string) => {
    const chosen = DASHBOARD_TABS.find((name) => name === next) ?? 'property-leads';
    setTabState(chosen);
    const url = new URL(window.location.href);
    if (chosen === 'property-leads') url.searchParams.delete('tab');
    else url.searchParams.set('tab', chosen);
    window.history.replaceState(window.history.state, '', url);
  };
  return [tab, setTab];
}

/**
 * On a phone the tab row scrolls sideways. A tab opened from the address sits past its edge (the
 * Viewings tab showed as "Viewi"), and a tab tapped at the edge hides the tabs after it: the open
 * tab is brought to the middle of the row whenever it is not clear of both edges, without moving
 * the page.
 */
function useActiveTabInView(tabListRef: RefObject<HTMLDivElement | null>, tab: DashboardTab) {
  useEffect(() => {
    const list = tabListRef.current;
    // Radix names a tab's panel `…-content-<value>`, and its trigger controls it.
    const active = list?.querySelector(`[role="tab"][aria-controls$="-content-${tab}"]`);
    if (!list || !active) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = active.getBoundingClientRect();
    const margin = 24;
    if (tabBox.left >= listBox.left + margin && tabBox.right <= listBox.right - margin) return;
    list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
  }, [tabListRef, tab]);
}

/** Once the first screen has its leads and the browser is idle, the other tabs' code is fetched. */
function usePreloadLaterTabs(isFirstScreenShown: boolean) {
  useEffect(() => {
    if (!isFirstScreenShown) return;
    return whenIdle(() => {
      for (const tab of LATER_TABS) tab.preload();
    });
  }, [isFirstScreenShown]);
}

/** A tab's trigger that starts fetching the tab's code as the pointer or the focus reaches it. */
function LaterTabTrigger({
  value,
  tab,
  children,
}: {
  value: DashboardTab;
  tab: { preload: Preload };
  children: ReactNode;
}) {
  return (
    <TabsTrigger value={value} onPointerEnter={tab.preload} onFocus={tab.preload}>
      {children}
    </TabsTrigger>
  );
}

/**
 * A tab whose code may still be on its way (a slow connection, or the tab opened from the address):
 * the shape of a tab (heading, description, rows) announced as loading, with the heading's block
 * where the heading comes, so that the page below the tabs does not jump when the tab arrives.
 */
function LaterTabContent({
  value,
  className,
  children,
}: {
  value: DashboardTab;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TabsContent value={value} className={className}>
      <Suspense fallback={<TabSkeleton />}>{children}</Suspense>
    </TabsContent>
  );
}

function CompanyDashboard({
  companyId,
  fallbackCompany,
  logout,
  userId,
}: {
  companyId: string;
  fallbackCompany: CompanyDto;
  logout: Logout;
  userId: string;
}) {
  const live = useLiveConversations(companyId);
  const dashboard = useDashboard(companyId);
  const generate = useGenerateAgentUrl(companyId);
  const [agentUrl, setAgentUrl] = useState<string | null>(null);
  const company = dashboard.data?.company ?? fallbackCompany;

  const toastFailure = useFailureToast();
  useRedirectWhenUnauthorized(dashboard.error);
  const [tab, setTab] = useDashboardTab();
  const tabListRef = useRef<HTMLDivElement>(null);
  useActiveTabInView(tabListRef, tab);
  usePreloadLaterTabs(dashboard.data !== undefined);

  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader
        companyName={company.name}
        onGenerateAgent={() =>
          generate.mutate(undefined, {
            onSuccess: (data) => setAgentUrl(data.url),
            onError: (error) => toastFailure(error, 'Failed to generate AI Agent URL'),
          })
        }
        isGenerating={generate.isPending}
        onLogout={() => logout.mutate()}
        isLoggingOut={logout.isPending}
      />
      <main className="mx-auto grid max-w-screen-2xl gap-6 px-4 py-6 sm:px-6">
        <StatCards company={company} stats={dashboard.data?.stats} leads={dashboard.data?.leads} />
        <Tabs value={tab} onValueChange={setTab} className="min-w-0 gap-4">
          <TabsList ref={tabListRef} aria-label="Dashboard sections">
            <TabsTrigger value="property-leads">
              <UsersIcon aria-hidden="true" />
              Property Leads
            </TabsTrigger>
            <LaterTabTrigger value="property-list" tab={PropertiesTab}>
              <Building2Icon aria-hidden="true" />
              Property List
            </LaterTabTrigger>
            <LaterTabTrigger value="viewings" tab={ViewingsTab}>
              <CalendarDaysIcon aria-hidden="true" />
              Viewings
            </LaterTabTrigger>
            <LaterTabTrigger value="enquiries" tab={EnquiriesTab}>
              <InboxIcon aria-hidden="true" />
              Enquiries
            </LaterTabTrigger>
            <LaterTabTrigger value="insights" tab={InsightsTab}>
              <ChartNoAxesColumnIcon aria-hidden="true" />
              Insights
            </LaterTabTrigger>
            <LaterTabTrigger value="live" tab={LiveTab}>
              <RadioIcon aria-hidden="true" />
              Live
              {live.unseen.size > 0 && (
                <Badge className="ml-1 px-1.5 py-0">
                  {live.unseen.size}
                  <span className="sr-only"> new</span>
                </Badge>
              )}
            </LaterTabTrigger>
          </TabsList>
          <TabsContent value="property-leads">
            <LeadsTab companyId={companyId} />
          </TabsContent>
          <LaterTabContent value="property-list">
            <PropertiesTab companyId={companyId} />
          </LaterTabContent>
          <LaterTabContent value="viewings" className="grid gap-6">
            <ViewingsTab companyId={companyId} companySlug={company.slug} />
          </LaterTabContent>
          <LaterTabContent value="enquiries">
            <EnquiriesTab companyId={companyId} />
          </LaterTabContent>
          <LaterTabContent value="insights">
            <InsightsTab companyId={companyId} />
          </LaterTabContent>
          <LaterTabContent value="live">
            <LiveTab live={live} userId={userId} />
          </LaterTabContent>
        </Tabs>
      </main>
      <AgentUrlDialog url={agentUrl} onClose={() => setAgentUrl(null)} />
    </div>
  );
}
