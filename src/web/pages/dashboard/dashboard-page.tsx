import { Building2Icon, ChartNoAxesColumnIcon, InboxIcon, RadioIcon, UsersIcon } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { CompanyRegistrationDialog } from '#web/components/company/company-registration-dialog.tsx';
import { AgentUrlDialog } from '#web/components/dashboard/agent-url-dialog.tsx';
import {
  useDashboard,
  useFailureToast,
  useGenerateAgentUrl,
} from '#web/components/dashboard/dashboard-api.ts';
import { DashboardHeader } from '#web/components/dashboard/dashboard-header.tsx';
import { StatCards } from '#web/components/dashboard/stat-cards.tsx';
import { EnquiriesTab } from '#web/components/enquiries/enquiries-tab.tsx';
import { LeadsTab } from '#web/components/leads/leads-tab.tsx';
import { useLiveConversations } from '#web/components/live/use-live-conversations.ts';
import { PropertiesTab } from '#web/components/properties/properties-tab.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { PageFallback } from '#web/components/ui/page-fallback.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ViewingsTabContent, ViewingsTabTrigger } from '#web/components/viewings/viewings-tab.tsx';
import { useLogout } from '#web/lib/use-logout.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';
import { useUser } from '#web/lib/use-user.ts';

// The Insights tab and its chart are fetched only when the tab is opened (Radix mounts a tab's
// content only while it is shown), so the dashboard's first load does not carry them.
const InsightsTab = lazy(() => import('#web/components/insights/insights-tab.tsx'));
// Loaded when the tab is first opened: the dashboard's first load carries only the badge's stream.
const LiveTab = lazy(() => import('#web/components/live/live-tab.tsx'));

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
        <CompanyRegistrationDialog />
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
 * Viewings tab showed as "Viewi"), so it is brought into view once, without moving the page.
 */
function useActiveTabInView(tabListRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const list = tabListRef.current;
    const active = list?.querySelector('[role="tab"][data-state="active"]');
    if (!list || !active) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = active.getBoundingClientRect();
    if (tabBox.left >= listBox.left && tabBox.right <= listBox.right) return;
    list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
  }, [tabListRef]);
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
  useActiveTabInView(tabListRef);

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
            <TabsTrigger value="property-list">
              <Building2Icon aria-hidden="true" />
              Property List
            </TabsTrigger>
            <ViewingsTabTrigger />
            <TabsTrigger value="enquiries">
              <InboxIcon aria-hidden="true" />
              Enquiries
            </TabsTrigger>
            <TabsTrigger value="insights">
              <ChartNoAxesColumnIcon aria-hidden="true" />
              Insights
            </TabsTrigger>
            <TabsTrigger value="live">
              <RadioIcon aria-hidden="true" />
              Live
              {live.unseen.size > 0 && (
                <Badge className="ml-1 px-1.5 py-0">
                  {live.unseen.size}
                  <span className="sr-only"> new</span>
                </Badge>
              )}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="property-leads">
            <LeadsTab companyId={companyId} />
          </TabsContent>
          <TabsContent value="property-list">
            <PropertiesTab companyId={companyId} />
          </TabsContent>
          <ViewingsTabContent companyId={companyId} companySlug={company.slug} />
          <TabsContent value="enquiries">
            <EnquiriesTab companyId={companyId} />
          </TabsContent>
          <TabsContent value="insights">
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <InsightsTab companyId={companyId} />
            </Suspense>
          </TabsContent>
          <TabsContent value="live">
            <Suspense fallback={<PageFallback />}>
              <LiveTab live={live} userId={userId} />
            </Suspense>
          </TabsContent>
        </Tabs>
      </main>
      <AgentUrlDialog url={agentUrl} onClose={() => setAgentUrl(null)} />
    </div>
  );
}
