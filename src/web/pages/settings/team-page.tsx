import { SettingsPage } from '#web/components/company/settings-page.tsx';
import { InvitationsSection } from '#web/components/team/invitations-section.tsx';
import { MembersSection } from '#web/components/team/members-section.tsx';

/** The team: members and their roles, invitations, ownership (owner and admins). */
export default function TeamPage() {
  return (
    <SettingsPage
      title="Team"
      description="Invite colleagues and choose what each of them can do."
      area="team"
      sections={[MembersSection, InvitationsSection]}
    />
  );
}
