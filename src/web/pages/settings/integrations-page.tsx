import { SettingsPage } from '#web/components/company/settings-page.tsx';
import { ApiKeysSection } from '#web/components/integrations/api-keys-section.tsx';
import { WebhooksSection } from '#web/components/integrations/webhooks-section.tsx';
import { MessagingSection } from '#web/components/messaging/messaging-section.tsx';

/** Integrations: messaging channels, webhooks and API keys. */
export default function IntegrationsPage() {
  return (
    <SettingsPage
      title="Integrations"
      description="Send new leads to your CRM, Zapier or a spreadsheet as they arrive, and connect your own systems to LetLead."
      area="integrations"
      sections={[MessagingSection, WebhooksSection, ApiKeysSection]}
    />
  );
}
