import { scoreLead } from '#agent/score.ts';
import type { ExtractedFields } from '#agent/types.ts';
import type { CaseFields, CorpusCase } from './case.ts';
import { linkProperties } from './fixtures.ts';

const today = '2026-02-10';

/**
 * The expected score is the scoring rules applied to the fields a reader expects (not to the
 * engine's reading), so a field misread shows in the score too.
 */
function expectedScore(linkPropertyId: string | null, fields: Partial<CaseFields>): number {
  const { moveInDate = null, moveInText = null, ...rest } = fields;
  const all: ExtractedFields = {
    propertyId: linkPropertyId,
    numberOfPeople: null,
    annualIncome: null,
    profession: null,
    name: null,
    email: null,
    phone: null,
    availability: null,
    ...rest,
    moveIn: moveInDate || moveInText ? { date: moveInDate, text: moveInText } : null,
  };
  const property = linkProperties.find((p) => p.id === all.propertyId) ?? null;
  return scoreLead({ fields: all, property, today }).score;
}

function chat(
  id: string,
  linkPropertyId: string | null,
  messages: string[],
  fields: Partial<CaseFields>,
): CorpusCase {
  return {
    id,
    note: 'messy',
    today,
    linkPropertyId,
    messages,
    expected: {
      fields,
      score: expectedScore(linkPropertyId ?? fields.propertyId ?? null, fields),
      isComplete: true,
    },
  };
}

/**
 * A seventh batch of 80 tenants written for issue 30, as people really type: typos, lower case,
 * no punctuation, texting ("rn", "tbh", "2moro"), non-native English, several facts in one
 * message, corrections, children, rent offers, a partner between jobs, listings named by
 * postcode district or price. Expected fields come from reading the messages.
 */
export const messyCases: CorpusCase[] = [
  chat(
    'messy-kids-lower',
    'prop-victoria',
    ['1st april', 'me my husband n our 2 kids', 'we make 70k together', 'teacher', 'amy rhodes', 'amy.rhodes@gmail.com', '07700 900901', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 70000, profession: 'teacher', name: 'Amy Rhodes', email: 'amy.rhodes@gmail.com', phone: '+447700900901', availability: 'weekends' },
  ),
  chat(
    'messy-single-dad',
    'prop-elm',
    ['asap', 'single dad with 2 boys', '£2,600 a month after tax', 'bus driver', 'Kwame Mensah', 'kwame.m@yahoo.co.uk', '07700900902', 'evenings after 6', 'yep'],
    { moveInDate: today, numberOfPeople: 3, annualIncome: 31200, profession: 'bus driver', name: 'Kwame Mensah', email: 'kwame.m@yahoo.co.uk', phone: '+447700900902', availability: 'evenings after 6' },
  ),
  chat(
    'messy-baby',
    'prop-maple',
    ['from 15 march', 'my partner and i and our baby', '45k', 'pharmacist', 'Lena Fischer', 'lena.fischer@outlook.com', '07700 900 903', 'saturday mornings', 'yes thats right'],
    { moveInDate: '2026-03-15', numberOfPeople: 3, annualIncome: 45000, profession: 'pharmacist', name: 'Lena Fischer', email: 'lena.fischer@outlook.com', phone: '+447700900903', availability: 'saturday mornings' },
  ),
  chat(
    'messy-lease-ends',
    'prop-elm',
    ['our lease runs out end of feb so from 1st march please', '2', '£38,000', 'civil servant', 'Owen Price', 'owen.price@gmail.com', '07700900904', 'weekday evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 38000, profession: 'civil servant', name: 'Owen Price', email: 'owen.price@gmail.com', phone: '+447700900904', availability: 'weekday evenings' },
  ),
  chat(
    'messy-could-we-move',
    'prop-birch',
    ['could we move in on the 1st of april?', 'family of 5', '85k combined', 'doctor', 'Sunita Rao', 'sunita.rao@nhs.net', '07700900905', 'any weekend', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 5, annualIncome: 85000, profession: 'doctor', name: 'Sunita Rao', email: 'sunita.rao@nhs.net', phone: '+447700900905', availability: 'weekends' },
  ),
  chat(
    'messy-offer-at-income',
    'prop-elm',
    ['1 march', 'just me', 'i could pay 1300 a month if that helps', 'ok, i earn 41k', 'graphic designer', 'Ellie Moss', 'ellie.moss@gmail.com', '07700900906', 'after 5 weekdays', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 41000, profession: 'graphic designer', name: 'Ellie Moss', email: 'ellie.moss@gmail.com', phone: '+447700900906', availability: 'after 5 weekdays' },
  ),
  chat(
    'messy-negotiable',
    'prop-victoria',
    ['is the rent negotiable? we could do 1800', 'mid april', '3 of us', '75k together', 'engineers', 'Tom Hale', 'tom.hale@gmail.com', '07700900907', 'weekends', 'yes'],
    { moveInDate: '2026-04-15', numberOfPeople: 3, annualIncome: 75000, profession: 'engineer', name: 'Tom Hale', email: 'tom.hale@gmail.com', phone: '+447700900907', availability: 'weekends' },
  ),
  chat(
    'messy-landlord-accept',
    'prop-maple',
    ['would the landlord take 1000 instead', 'ok. 1st march', 'me and my gf', '52k between us', 'nurse and chef', 'Dev Patel', 'devpatel@hotmail.com', '07700900908', 'mondays', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 52000, profession: 'nurse and chef', name: 'Dev Patel', email: 'devpatel@hotmail.com', phone: '+447700900908', availability: 'mondays' },
  ),
  chat(
    'messy-surname-apart',
    'prop-elm',
    ['1/3', '1', '29k', 'barista', 'Ahmed, surname is Karimi', 'ahmed.karimi@gmail.com', '07700900909', 'anytime', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 29000, profession: 'barista', name: 'Ahmed Karimi', email: 'ahmed.karimi@gmail.com', phone: '+447700900909', availability: 'anytime' },
  ),
  chat(
    'messy-name-again',
    'prop-maple',
    ['march 1st', 'just me', '33k', 'accountant', 'im Fiona btw, Fiona Campbell', 'fiona.campbell@gmail.com', '07700900910', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 33000, profession: 'accountant', name: 'Fiona Campbell', email: 'fiona.campbell@gmail.com', phone: '+447700900910', availability: 'weekends' },
  ),
  chat(
    'messy-polish-name',
    'prop-forge',
    ['20 feb', 'only me', 'i earn 2200 per month', 'warehouse operative', 'Paweł Wiśniewski', 'pawel.w@wp.pl', '07700900911', 'after 4pm', 'yes'],
    { moveInDate: '2026-02-20', numberOfPeople: 1, annualIncome: 26400, profession: 'warehouse operative', name: 'Paweł Wiśniewski', email: 'pawel.w@wp.pl', phone: '+447700900911', availability: 'after 4pm' },
  ),
  chat(
    'messy-phd',
    'prop-elm',
    ['start of march', '1', 'stipend of £19,237', 'I am PhD student', 'Chen Jing', 'chen.jing@leeds.ac.uk', '07700900912', 'weekday afternoons', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 19237, profession: 'PhD student', name: 'Chen Jing', email: 'chen.jing@leeds.ac.uk', phone: '+447700900912', availability: 'weekday afternoons' },
  ),
  chat(
    'messy-hourly-decimal',
    'prop-quay',
    ['6th march', '2', 'I get £12.60 an hour, 40 hours a week', 'care assistant', 'Gemma Fry', 'gemma.fry@gmail.com', '07700900913', 'tuesdays', 'yes'],
    { moveInDate: '2026-03-06', numberOfPeople: 2, annualIncome: 26208, profession: 'care assistant', name: 'Gemma Fry', email: 'gemma.fry@gmail.com', phone: '+447700900913', availability: 'tuesdays' },
  ),
  chat(
    'messy-total-after-each',
    'prop-victoria',
    ['1st may', '4 of us', 'about 22k each so 88k all together', 'students and part time jobs', 'Jake Moore', 'jake.moore@gmail.com', '07700900914', 'weekends', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 4, annualIncome: 88000, profession: 'students', name: 'Jake Moore', email: 'jake.moore@gmail.com', phone: '+447700900914', availability: 'weekends' },
  ),
  chat(
    'messy-between-jobs-partner',
    'prop-elm',
    ['1 march', 'me and my husband', "he's between jobs so just mine, 36k", 'receptionist', 'Carla Diaz', 'carla.diaz@gmail.com', '07700900915', 'thursday evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 36000, profession: 'receptionist', name: 'Carla Diaz', email: 'carla.diaz@gmail.com', phone: '+447700900915', availability: 'thursday evenings' },
  ),
  chat(
    'messy-van-parking',
    'prop-birch',
    ['1 april', '5', '62k', 'self employed plumber', 'Gary Nolan', 'garynolan@btinternet.com', '07700900916', 'is there parking for my work van? weekends are best', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 5, annualIncome: 62000, profession: 'plumber', name: 'Gary Nolan', email: 'garynolan@btinternet.com', phone: '+447700900916', availability: 'weekends' },
  ),
  chat(
    'messy-agency-district',
    null,
    ['the ls6 one', '1st march', '2', '40k', 'nurses', 'Rosie Hart', 'rosie.hart@gmail.com', '07700900917', 'weekends', 'yes'],
    { propertyId: 'prop-elm', moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 40000, profession: 'nurse', name: 'Rosie Hart', email: 'rosie.hart@gmail.com', phone: '+447700900917', availability: 'weekends' },
  ),
  chat(
    'messy-agency-price',
    null,
    ['the 1100 one pls', 'asap', 'just me', '31k', 'software tester', 'Liam Byrne', 'liam.byrne@gmail.com', '07700900918', 'evenings', 'yes'],
    { propertyId: 'prop-maple', moveInDate: today, numberOfPeople: 1, annualIncome: 31000, profession: 'software tester', name: 'Liam Byrne', email: 'liam.byrne@gmail.com', phone: '+447700900918', availability: 'evenings' },
  ),
  chat(
    'messy-agency-m1',
    null,
    ['something in M1', '20th feb', '1', '£27k', 'chef', 'Marco Rossi', 'marco.rossi@gmail.com', '07700900919', 'mornings', 'yes'],
    { propertyId: 'prop-forge', moveInDate: '2026-02-20', numberOfPeople: 1, annualIncome: 27000, profession: 'chef', name: 'Marco Rossi', email: 'marco.rossi@gmail.com', phone: '+447700900919', availability: 'mornings' },
  ),
  chat(
    'messy-agency-ne1-price',
    null,
    ['the ne1 flat for 895', 'from 6 march', 'me and my bf', '48k together', 'retail managers', 'Hannah Lowe', 'hannah.lowe@gmail.com', '07700900920', 'sundays', 'yes'],
    { propertyId: 'prop-quay', moveInDate: '2026-03-06', numberOfPeople: 2, annualIncome: 48000, profession: 'retail manager', name: 'Hannah Lowe', email: 'hannah.lowe@gmail.com', phone: '+447700900920', availability: 'sundays' },
  ),
  chat(
    'messy-texting',
    'prop-elm',
    ['hiya rn im lookin 4 1st march', 'jus me', '32k tbh', 'hairdresser', 'kayla brooks', 'kaylab@gmail.com', '07700900921', 'wkends', 'ye'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 32000, profession: 'hairdresser', name: 'Kayla Brooks', email: 'kaylab@gmail.com', phone: '+447700900921', availability: 'weekends' },
  ),
  chat(
    'messy-non-native-family',
    'prop-victoria',
    ['we want move on 1 of may', 'we are family, me, my wife and 3 childrens', 'my salary is 58.000 per year', 'I am software engineer', 'Andrei Popescu', 'andrei.popescu@gmail.com', '07700900922', 'saturday', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 5, annualIncome: 58000, profession: 'software engineer', name: 'Andrei Popescu', email: 'andrei.popescu@gmail.com', phone: '+447700900922', availability: 'saturday' },
  ),
  chat(
    'messy-correction-people',
    'prop-maple',
    ['1 march', '2', 'sorry its just me actually', '30k', 'admin', 'Nina Shah', 'nina.shah@gmail.com', '07700900923', 'weekdays after 5', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 30000, profession: 'admin', name: 'Nina Shah', email: 'nina.shah@gmail.com', phone: '+447700900923', availability: 'weekdays after 5' },
  ),
  chat(
    'messy-income-correction',
    'prop-elm',
    ['1 march', '2', '40k, sorry i mean 44k', 'police officer', 'Sam Okoro', 'sam.okoro@gmail.com', '07700900924', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 44000, profession: 'police officer', name: 'Sam Okoro', email: 'sam.okoro@gmail.com', phone: '+447700900924', availability: 'weekends' },
  ),
  chat(
    'messy-all-in-one',
    'prop-maple',
    ["hi I'm Laura Green, just me, moving 1st march, I'm a midwife on 39k", 'laura.green@gmail.com', '07700900925', 'weekday mornings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 39000, profession: 'midwife', name: 'Laura Green', email: 'laura.green@gmail.com', phone: '+447700900925', availability: 'weekday mornings' },
  ),
  chat(
    'messy-kids-question',
    'prop-birch',
    ['our kids are 6 and 9, is that ok?', '1st april', '4', '66k combined', 'teacher and electrician', 'Rachel Young', 'rachel.young@gmail.com', '07700900926', 'saturdays', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 66000, profession: 'teacher and electrician', name: 'Rachel Young', email: 'rachel.young@gmail.com', phone: '+447700900926', availability: 'saturdays' },
  ),
  chat(
    'messy-uc',
    'prop-quay',
    ['im on universal credit, will that be a problem?', 'asap', 'me and my daughter', 'UC is £1,100 a month', 'unemployed', 'Kerry Walsh', 'kerry.walsh@gmail.com', '07700900927', 'mornings', 'yes'],
    { moveInDate: today, numberOfPeople: 2, annualIncome: 13200, profession: 'unemployed', name: 'Kerry Walsh', email: 'kerry.walsh@gmail.com', phone: '+447700900927', availability: 'mornings' },
  ),
  chat(
    'messy-weekly-question',
    'prop-forge',
    ['how much is it a month?', '1 march', 'just me', '£28k', 'sous chef', 'Tariq Aziz', 'tariq.aziz@gmail.com', '07700900928', 'afternoons', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 28000, profession: 'sous chef', name: 'Tariq Aziz', email: 'tariq.aziz@gmail.com', phone: '+447700900928', availability: 'afternoons' },
  ),
  chat(
    'messy-2moro',
    'prop-forge',
    ['2moro if poss', '1', '26k', 'delivery driver', 'Jason Reid', 'jason.reid@gmail.com', '07700900929', 'anytime', 'yes'],
    { moveInDate: '2026-02-11', numberOfPeople: 1, annualIncome: 26000, profession: 'delivery driver', name: 'Jason Reid', email: 'jason.reid@gmail.com', phone: '+447700900929', availability: 'anytime' },
  ),
  chat(
    'messy-notice-then-move',
    'prop-victoria',
    ['my notice ends 30 april, move in 1st may', 'couple', '80k', 'architects', 'Isla Grant', 'isla.grant@gmail.com', '07700900930', 'friday afternoons', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 2, annualIncome: 80000, profession: 'architect', name: 'Isla Grant', email: 'isla.grant@gmail.com', phone: '+447700900930', availability: 'friday afternoons' },
  ),
  chat(
    'messy-two-adults-child',
    'prop-elm',
    ['1 march', '2 adults 1 child', '46k', 'electrician', 'Mark Bell', 'mark.bell@gmail.com', '07700900931', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 3, annualIncome: 46000, profession: 'electrician', name: 'Mark Bell', email: 'mark.bell@gmail.com', phone: '+447700900931', availability: 'weekends' },
  ),
  chat(
    'messy-wife-kids-no-me',
    'prop-birch',
    ['early april', 'my wife and 3 kids', '72k', 'engineer', 'Yusuf Ali', 'yusuf.ali@gmail.com', '07700900932', 'saturdays', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 5, annualIncome: 72000, profession: 'engineer', name: 'Yusuf Ali', email: 'yusuf.ali@gmail.com', phone: '+447700900932', availability: 'saturdays' },
  ),
  chat(
    'messy-called',
    'prop-maple',
    ['1 march', '1', '35k', 'lab technician', 'i am called Olga Petrova', 'olga.petrova@gmail.com', '07700900933', 'evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 35000, profession: 'lab technician', name: 'Olga Petrova', email: 'olga.petrova@gmail.com', phone: '+447700900933', availability: 'evenings' },
  ),
  chat(
    'messy-name-tbh',
    'prop-elm',
    ['1st march', '2', '50k', 'nurse', 'raj kumar tbh', 'raj.kumar@gmail.com', '07700900934', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 50000, profession: 'nurse', name: 'Raj Kumar', email: 'raj.kumar@gmail.com', phone: '+447700900934', availability: 'weekends' },
  ),
  chat(
    'messy-hours-decimal-35',
    'prop-forge',
    ['1 march', 'just me', '£11.44 per hour and 35 hours per week', 'cleaner', 'Maria Silva', 'maria.silva@gmail.com', '07700900935', 'mornings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 20821, profession: 'cleaner', name: 'Maria Silva', email: 'maria.silva@gmail.com', phone: '+447700900935', availability: 'mornings' },
  ),
  chat(
    'messy-sum-given',
    'prop-victoria',
    ['15 april', '2', 'me 40k him 35k so 75k combined', 'solicitor and paramedic', 'Jess Turner', 'jess.turner@gmail.com', '07700900936', 'weekends', 'yes'],
    { moveInDate: '2026-04-15', numberOfPeople: 2, annualIncome: 75000, profession: 'solicitor and paramedic', name: 'Jess Turner', email: 'jess.turner@gmail.com', phone: '+447700900936', availability: 'weekends' },
  ),
  chat(
    'messy-tenancy-ends-question',
    'prop-quay',
    ['our tenancy finish end of february, can we move in 1st march?', '2', '43k', 'bank clerk', 'Lucia Romano', 'lucia.romano@gmail.com', '07700900937', 'evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 43000, profession: 'bank clerk', name: 'Lucia Romano', email: 'lucia.romano@gmail.com', phone: '+447700900937', availability: 'evenings' },
  ),
  chat(
    'messy-flexible-mid',
    'prop-maple',
    ['flexible, maybe mid march', '1', '30k', 'retail assistant', 'Ben Clarke', 'ben.clarke@gmail.com', '07700900938', 'weekends', 'yes'],
    { moveInDate: '2026-03-15', numberOfPeople: 1, annualIncome: 30000, profession: 'retail assistant', name: 'Ben Clarke', email: 'ben.clarke@gmail.com', phone: '+447700900938', availability: 'weekends' },
  ),
  chat(
    'messy-happy-more',
    'prop-elm',
    ['1 march', '2', 'we earn 60k and happy to pay extra to secure it', 'developers', 'Chris Hill', 'chris.hill@gmail.com', '07700900939', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 60000, profession: 'developer', name: 'Chris Hill', email: 'chris.hill@gmail.com', phone: '+447700900939', availability: 'weekends' },
  ),
  chat(
    'messy-cud-pay',
    'prop-forge',
    ['1 march', 'me', 'cud pay 250 a week tbh', 'fair enough, 30k', 'chef', 'Luke Ward', 'luke.ward@gmail.com', '07700900940', 'evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 30000, profession: 'chef', name: 'Luke Ward', email: 'luke.ward@gmail.com', phone: '+447700900940', availability: 'evenings' },
  ),
  chat(
    'messy-mum-toddler',
    'prop-maple',
    ['asap', 'mum with one toddler', '£24,500', 'care worker', 'Stacey Hunt', 'stacey.hunt@gmail.com', '07700900941', 'mornings', 'yes'],
    { moveInDate: today, numberOfPeople: 2, annualIncome: 24500, profession: 'care worker', name: 'Stacey Hunt', email: 'stacey.hunt@gmail.com', phone: '+447700900941', availability: 'mornings' },
  ),
  chat(
    'messy-couple-child',
    'prop-elm',
    ['1st march', 'we are couple with 1 child', '49k', 'shop manager', 'Ivan Petrov', 'ivan.petrov@gmail.com', '07700900942', 'sundays', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 3, annualIncome: 49000, profession: 'shop manager', name: 'Ivan Petrov', email: 'ivan.petrov@gmail.com', phone: '+447700900942', availability: 'sundays' },
  ),
  chat(
    'messy-twins',
    'prop-birch',
    ['1 april', 'husband and me and the twins', '90k', 'dentist', 'Priya Nair', 'priya.nair@gmail.com', '07700900943', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 90000, profession: 'dentist', name: 'Priya Nair', email: 'priya.nair@gmail.com', phone: '+447700900943', availability: 'weekends' },
  ),
  chat(
    'messy-girlfriend-her-boys',
    'prop-victoria',
    ['1st may', 'me, my girlfriend, and her 2 boys', '65k', 'firefighter', 'Dan Walsh', 'dan.walsh@gmail.com', '07700900944', 'saturdays', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 4, annualIncome: 65000, profession: 'firefighter', name: 'Dan Walsh', email: 'dan.walsh@gmail.com', phone: '+447700900944', availability: 'saturdays' },
  ),
  chat(
    'messy-grown-ups',
    'prop-birch',
    ['1 april', '2 grown ups and 3 kids', '78k together', 'nurse and builder', 'Kate Rowe', 'kate.rowe@gmail.com', '07700900945', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 5, annualIncome: 78000, profession: 'nurse and builder', name: 'Kate Rowe', email: 'kate.rowe@gmail.com', phone: '+447700900945', availability: 'weekends' },
  ),
  chat(
    'messy-first-last',
    'prop-maple',
    ['1 march', '1', '34k', 'paralegal', "first name kate last name o'brien", 'kate.obrien@gmail.com', '07700900946', 'evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 34000, profession: 'paralegal', name: "Kate O'Brien", email: 'kate.obrien@gmail.com', phone: '+447700900946', availability: 'evenings' },
  ),
  chat(
    'messy-hi-im',
    'prop-elm',
    ['1 march', '2', '47k', 'plumber', 'hi im joe mills', 'joe.mills@gmail.com', '07700900947', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 47000, profession: 'plumber', name: 'Joe Mills', email: 'joe.mills@gmail.com', phone: '+447700900947', availability: 'weekends' },
  ),
  chat(
    'messy-repeated-first',
    'prop-quay',
    ['6 march', '1', '29k', 'receptionist', 'ayo, ayo bello', 'ayo.bello@gmail.com', '07700900948', 'weekday evenings', 'yes'],
    { moveInDate: '2026-03-06', numberOfPeople: 1, annualIncome: 29000, profession: 'receptionist', name: 'Ayo Bello', email: 'ayo.bello@gmail.com', phone: '+447700900948', availability: 'weekday evenings' },
  ),
  chat(
    'messy-accents',
    'prop-willow',
    ['1st april', 'me and my partner', '55k together', 'architect and teacher', 'Zoë Müller', 'zoe.muller@gmail.com', '07700900949', 'saturdays', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 2, annualIncome: 55000, profession: 'architect and teacher', name: 'Zoë Müller', email: 'zoe.muller@gmail.com', phone: '+447700900949', availability: 'saturdays' },
  ),
  chat(
    'messy-willow-kids-dog',
    'prop-willow',
    ['from the 1st of april', 'me my wife and our little boy', '52k', 'mechanic', 'Steve Cole', 'steve.cole@gmail.com', '07700900950', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 3, annualIncome: 52000, profession: 'mechanic', name: 'Steve Cole', email: 'steve.cole@gmail.com', phone: '+447700900950', availability: 'weekends' },
  ),
  chat(
    'messy-no-punct-multi',
    'prop-elm',
    ['1 march 2 of us', '44k combined', 'both nurses', 'Amira Haddad', 'amira.haddad@gmail.com', '07700900951', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 44000, profession: 'nurse', name: 'Amira Haddad', email: 'amira.haddad@gmail.com', phone: '+447700900951', availability: 'weekends' },
  ),
  chat(
    'messy-weekly-pay',
    'prop-quay',
    ['1st march', '1', 'i take home 520 a week', 'scaffolder', 'Ryan Doyle', 'ryan.doyle@gmail.com', '07700900952', 'after work weekdays', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 27040, profession: 'scaffolder', name: 'Ryan Doyle', email: 'ryan.doyle@gmail.com', phone: '+447700900952', availability: 'after work weekdays' },
  ),
  chat(
    'messy-spelled-out',
    'prop-maple',
    ['first of march', 'just myself', 'thirty two thousand', 'teaching assistant', 'Holly Adams', 'holly.adams@gmail.com', '07700900953', 'afternoons', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 32000, profession: 'teaching assistant', name: 'Holly Adams', email: 'holly.adams@gmail.com', phone: '+447700900953', availability: 'afternoons' },
  ),
  chat(
    'messy-contacts-together',
    'prop-elm',
    ['1 march', '2', '50k', 'firefighters', 'Neil Grant', 'neil.grant@gmail.com 07700900954', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 50000, profession: 'firefighter', name: 'Neil Grant', email: 'neil.grant@gmail.com', phone: '+447700900954', availability: 'weekends' },
  ),
  chat(
    'messy-plus44',
    'prop-victoria',
    ['mid april', '3', '85k', 'consultants', 'Omar Farouk', 'omar.farouk@gmail.com', '+44 7700 900955', 'weekday evenings', 'yes'],
    { moveInDate: '2026-04-15', numberOfPeople: 3, annualIncome: 85000, profession: 'consultant', name: 'Omar Farouk', email: 'omar.farouk@gmail.com', phone: '+447700900955', availability: 'weekday evenings' },
  ),
  chat(
    'messy-agency-s10',
    null,
    ['the s10 house', '1 april', 'family of 4', '70k', 'teachers', 'Ruth Evans', 'ruth.evans@gmail.com', '07700900956', 'saturdays', 'yes'],
    { propertyId: 'prop-birch', moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 70000, profession: 'teacher', name: 'Ruth Evans', email: 'ruth.evans@gmail.com', phone: '+447700900956', availability: 'saturdays' },
  ),
  chat(
    'messy-agency-bs8',
    null,
    ['interested in the BS8 one', '15th april', '3 of us', '90k', 'doctors', 'Alice Ford', 'alice.ford@gmail.com', '07700900957', 'weekends', 'yes'],
    { propertyId: 'prop-victoria', moveInDate: '2026-04-15', numberOfPeople: 3, annualIncome: 90000, profession: 'doctor', name: 'Alice Ford', email: 'alice.ford@gmail.com', phone: '+447700900957', availability: 'weekends' },
  ),
  chat(
    'messy-agency-1950',
    null,
    ['the 1950 one in bristol', '1st may', '2', '80k', 'lawyers', 'Ed Pike', 'ed.pike@gmail.com', '07700900958', 'evenings', 'yes'],
    { propertyId: 'prop-victoria', moveInDate: '2026-05-01', numberOfPeople: 2, annualIncome: 80000, profession: 'lawyer', name: 'Ed Pike', email: 'ed.pike@gmail.com', phone: '+447700900958', availability: 'evenings' },
  ),
  chat(
    'messy-agency-rg1',
    null,
    ['rg1 flat', '1 march', '1', '36k', 'analyst', 'Mei Lin', 'mei.lin@gmail.com', '07700900959', 'weekends', 'yes'],
    { propertyId: 'prop-maple', moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 36000, profession: 'analyst', name: 'Mei Lin', email: 'mei.lin@gmail.com', phone: '+447700900959', availability: 'weekends' },
  ),
  chat(
    'messy-agency-975',
    null,
    ['the studio for 975 a month', '1 march', 'just me', '30k', 'barber', 'Ali Hassan', 'ali.hassan@gmail.com', '07700900960', 'mornings', 'yes'],
    { propertyId: 'prop-forge', moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 30000, profession: 'barber', name: 'Ali Hassan', email: 'ali.hassan@gmail.com', phone: '+447700900960', availability: 'mornings' },
  ),
  chat(
    'messy-agency-g12',
    null,
    ['the G12 garden flat', '1st may', '2', '41k', 'researchers', 'Fraser Reid', 'fraser.reid@gmail.com', '07700900961', 'weekends', 'yes'],
    { propertyId: 'prop-oak', moveInDate: '2026-05-01', numberOfPeople: 2, annualIncome: 41000, profession: 'researcher', name: 'Fraser Reid', email: 'fraser.reid@gmail.com', phone: '+447700900961', availability: 'weekends' },
  ),
  chat(
    'messy-leave-room',
    'prop-forge',
    ['from the 1st please, i have to leave my room end of this month', 'me', '27k', 'student nurse', 'Chloe Price', 'chloe.price@gmail.com', '07700900962', 'afternoons', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 27000, profession: 'student nurse', name: 'Chloe Price', email: 'chloe.price@gmail.com', phone: '+447700900962', availability: 'afternoons' },
  ),
  chat(
    'messy-its-3-now',
    'prop-victoria',
    ['1st may', '2', 'oh actually its 3 of us now', '70k', 'nurses', 'Emma Cross', 'emma.cross@gmail.com', '07700900963', 'weekends', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 3, annualIncome: 70000, profession: 'nurse', name: 'Emma Cross', email: 'emma.cross@gmail.com', phone: '+447700900963', availability: 'weekends' },
  ),
  chat(
    'messy-kids-ages-at-people',
    'prop-birch',
    ['1 april', 'me and my 3 kids (they are 4, 7 and 10)', '38k', 'nurse', 'Sophie Lane', 'sophie.lane@gmail.com', '07700900964', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 38000, profession: 'nurse', name: 'Sophie Lane', email: 'sophie.lane@gmail.com', phone: '+447700900964', availability: 'weekends' },
  ),
  chat(
    'messy-housing-benefit',
    'prop-quay',
    ['1 march', 'me and my son', 'i get 900 a month housing benefit and 600 a month from work', 'part time cashier', 'Leanne Fox', 'leanne.fox@gmail.com', '07700900965', 'mornings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 18000, profession: 'cashier', name: 'Leanne Fox', email: 'leanne.fox@gmail.com', phone: '+447700900965', availability: 'mornings' },
  ),
  chat(
    'messy-monthly-take-home',
    'prop-elm',
    ['1st march', '2', 'we take home 3.4k a month between us', 'nurse and mechanic', 'Josh Webb', 'josh.webb@gmail.com', '07700900966', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 40800, profession: 'nurse and mechanic', name: 'Josh Webb', email: 'josh.webb@gmail.com', phone: '+447700900966', availability: 'weekends' },
  ),
  chat(
    'messy-retired',
    'prop-maple',
    ['1 march', 'me and my wife', 'pension of 28k', 'retired', 'Peter Lang', 'peter.lang@gmail.com', '07700900967', 'weekday mornings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 28000, profession: 'retired', name: 'Peter Lang', email: 'peter.lang@gmail.com', phone: '+447700900967', availability: 'weekday mornings' },
  ),
  chat(
    'messy-late-income-fix',
    'prop-maple',
    ['1 march', '1', '30k', 'chef', 'Nick Shaw', 'nick.shaw@gmail.com', '07700900968', 'weekends', '33k not 30k', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 33000, profession: 'chef', name: 'Nick Shaw', email: 'nick.shaw@gmail.com', phone: '+447700900968', availability: 'weekends' },
  ),
  chat(
    'messy-would-date-ok',
    'prop-elm',
    ['would 1st march be ok to move in?', '2', '42k', 'joiner', 'Adam Cole', 'adam.cole@gmail.com', '07700900969', 'evenings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 2, annualIncome: 42000, profession: 'joiner', name: 'Adam Cole', email: 'adam.cole@gmail.com', phone: '+447700900969', availability: 'evenings' },
  ),
  chat(
    'messy-single-mum-3',
    'prop-birch',
    ['1 april', 'single mum with 3 children', '£3,000 a month', 'social worker', 'Tanya Ross', 'tanya.ross@gmail.com', '07700900970', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 4, annualIncome: 36000, profession: 'social worker', name: 'Tanya Ross', email: 'tanya.ross@gmail.com', phone: '+447700900970', availability: 'weekends' },
  ),
  chat(
    'messy-flatmates',
    'prop-victoria',
    ['15 april', 'me n my 2 flatmates', '30k each', 'junior doctors', 'Will Barnes', 'will.barnes@gmail.com', '07700900971', 'evenings', 'yes'],
    { moveInDate: '2026-04-15', numberOfPeople: 3, annualIncome: 90000, profession: 'junior doctor', name: 'Will Barnes', email: 'will.barnes@gmail.com', phone: '+447700900971', availability: 'evenings' },
  ),
  chat(
    'messy-offer-lower-start',
    'prop-quay',
    ['would 850 a month be acceptable?', 'ok no worries. 6 march', '1', '28k', 'bar manager', 'Ciara Byrne', 'ciara.byrne@gmail.com', '07700900972', 'afternoons', 'yes'],
    { moveInDate: '2026-03-06', numberOfPeople: 1, annualIncome: 28000, profession: 'bar manager', name: 'Ciara Byrne', email: 'ciara.byrne@gmail.com', phone: '+447700900972', availability: 'afternoons' },
  ),
  chat(
    'messy-surname-later-sentence',
    'prop-elm',
    ['1 march', '1', '31k', 'nursery nurse', 'Im Beth. Surname Taylor', 'beth.taylor@gmail.com', '07700900973', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 31000, profession: 'nursery nurse', name: 'Beth Taylor', email: 'beth.taylor@gmail.com', phone: '+447700900973', availability: 'weekends' },
  ),
  chat(
    'messy-maternity',
    'prop-maple',
    ['1 march', 'me my husband and our newborn', 'he earns 40k, im on maternity leave', 'im a midwife but on leave rn', 'Gail Burns', 'gail.burns@gmail.com', '07700900974', 'mornings', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 3, annualIncome: 40000, profession: 'midwife', name: 'Gail Burns', email: 'gail.burns@gmail.com', phone: '+447700900974', availability: 'mornings' },
  ),
  chat(
    'messy-gbp-hourly-slash',
    'prop-forge',
    ['1 march', '1', '£13.50/hr 37 hrs a week', 'security guard', 'Kofi Asante', 'kofi.asante@gmail.com', '07700900975', 'nights are hard, weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 25974, profession: 'security guard', name: 'Kofi Asante', email: 'kofi.asante@gmail.com', phone: '+447700900975', availability: 'weekends' },
  ),
  chat(
    'messy-end-month-explicit',
    'prop-quay',
    ['end of march', '2', '39k', 'electricians', 'Paul Kerr', 'paul.kerr@gmail.com', '07700900976', 'saturday mornings', 'yes'],
    { moveInDate: '2026-03-31', numberOfPeople: 2, annualIncome: 39000, profession: 'electrician', name: 'Paul Kerr', email: 'paul.kerr@gmail.com', phone: '+447700900976', availability: 'saturday mornings' },
  ),
  chat(
    'messy-contract-31',
    'prop-willow',
    ['contract ends 31st march, want to move 1st april', '2', '60k', 'pilot', 'Greg Moss', 'greg.moss@gmail.com', '07700900977', 'weekends', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 2, annualIncome: 60000, profession: 'pilot', name: 'Greg Moss', email: 'greg.moss@gmail.com', phone: '+447700900977', availability: 'weekends' },
  ),
  chat(
    'messy-knock-off',
    'prop-willow',
    ['any chance of knocking a bit off the rent', 'fair. 1 april', '3', '58k', 'baker', 'Lily Evans', 'lily.evans@gmail.com', '07700900978', 'weekday evenings', 'yes'],
    { moveInDate: '2026-04-01', numberOfPeople: 3, annualIncome: 58000, profession: 'baker', name: 'Lily Evans', email: 'lily.evans@gmail.com', phone: '+447700900978', availability: 'weekday evenings' },
  ),
  chat(
    'messy-name-with-email',
    'prop-elm',
    ['1 march', '1', '34k', 'optician', 'Sean Kelly sean.kelly@gmail.com', '07700900979', 'weekends', 'yes'],
    { moveInDate: '2026-03-01', numberOfPeople: 1, annualIncome: 34000, profession: 'optician', name: 'Sean Kelly', email: 'sean.kelly@gmail.com', phone: '+447700900979', availability: 'weekends' },
  ),
  chat(
    'messy-two-monthly',
    'prop-victoria',
    ['1 may', '2', 'she gets 2500 a month and i get 2200 a month', 'nurse and lorry driver', 'Craig Dunn', 'craig.dunn@gmail.com', '07700900980', 'weekends', 'yes'],
    { moveInDate: '2026-05-01', numberOfPeople: 2, annualIncome: 56400, profession: 'nurse and lorry driver', name: 'Craig Dunn', email: 'craig.dunn@gmail.com', phone: '+447700900980', availability: 'weekends' },
  ),
];
