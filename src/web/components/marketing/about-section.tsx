import { LockKeyholeIcon, ScaleIcon, SearchCheckIcon } from 'lucide-react';
import { IconTile, LandingSection } from './landing-section.tsx';
import { SectionHeading } from './section-heading.tsx';

const values = [
  {
    icon: ScaleIcon,
    title: 'Fair by design',
    text: "The AI never asks about age, children, pregnancy, nationality, religion, disability or benefits, and the score never looks at them, in line with the Renters' Rights Act.",
  },
  {
    icon: SearchCheckIcon,
    title: 'Scores you can explain',
    text: 'Scores come from clear rules, such as income against the rent and move-in date against availability, never from a black box. Every lead shows its breakdown.',
  },
  {
    icon: LockKeyholeIcon,
    title: 'Your data, protected',
    text: "Data is stored securely with access limited to authorised staff. You stay in control of your applicants' data, and old enquiries are deleted after 12 months.",
  },
];

export function AboutSection() {
  return (
    <LandingSection id="about-us" titleId="about-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <SectionHeading
            id="about-title"
            eyebrow="About us"
            title="Built for the way UK lettings work"
            align="left"
          />
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-600">
            <p>
              LetLead started with a simple observation: letting agents spend hours every week answering the
              same questions and chasing the same details, while good tenants wait for a reply and move on.
            </p>
            <p>
              So we built an assistant that does the first conversation the way a good negotiator would:
              polite, quick, and focused on what matters for the tenancy. Your team gets a ranked shortlist
              instead of an overflowing inbox, and every tenant gets an answer straight away.
            </p>
          </div>
        </div>
        <ul className="grid gap-4">
          {values.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconTile icon={icon} className="shrink-0" />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
