import { SettingsPage } from '#web/components/company/settings-page.tsx';
import { CalendarFeedSection } from '#web/components/viewings/calendar-feed-section.tsx';

/** The private calendar feed of the company's viewings (every member). */
export default function CalendarFeedPage() {
  return (
    <SettingsPage
      title="Calendar feed"
      description="Every upcoming viewing in your own calendar: Google, Outlook or Apple Calendar."
      area="leads"
      sections={[CalendarFeedSection]}
    />
  );
}
