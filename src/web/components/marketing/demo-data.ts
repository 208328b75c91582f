/** The hero demo's sample conversation and dashboard rows (scores 95, 82, 75, 57). */
export type DemoMessage = { from: 'ai' | 'tenant'; text: string };

export const demoCompany = 'Riverside Lettings';

export const demoMessages: DemoMessage[] = [
  { from: 'ai', text: "Hi! I'm Riverside Lettings' AI assistant. Which property are you interested in?" },
  { from: 'tenant', text: 'The 2 bed flat on Clifton Road' },
  { from: 'ai', text: 'Great choice! When would you like to move in, and how many of you will live there?' },
  { from: 'tenant', text: '1st April. 2 of us, both nurses' },
  { from: 'ai', text: "Thanks! What's your combined annual income?" },
  { from: 'tenant', text: 'About £58k together' },
  {
    from: 'ai',
    text: 'Thank you for confirming the information. We will be in touch to book the viewing. Have a great day!',
  },
];

export type DemoLead = { name: string; property: string; score: number };

export const demoLeads: DemoLead[] = [
  { name: 'Sarah Mitchell', property: '2 Bed Flat, Clifton Road', score: 95 },
  { name: 'James Okoro', property: 'Studio, Park Street', score: 82 },
  { name: 'Emily Chen', property: '3 Bed House, Elm Grove', score: 75 },
  { name: 'Tom Walsh', property: '1 Bed Flat, High Street', score: 57 },
];
