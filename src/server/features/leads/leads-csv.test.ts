import { describe, expect, test } from 'vitest';
import { sampleLead } from '#tests/helpers/sample-lead.ts';
import { testReturns } from '#tests/helpers/tables.ts';
import { type CsvLead, csvCell, leadsToCsv, neutraliseCell } from './leads-csv.ts';

describe('neutraliseCell', () => {
  testReturns('%j → %j', neutraliseCell, [
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+447700900123', "'+447700900123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Sarah Jones', 'Sarah Jones'],
    ['£42,000 per year', '£42,000 per year'],
    ['a=b', 'a=b'],
    ['', ''],
  ]);
});

describe('csvCell', () => {
  testReturns('%j → %j', csvCell, [
    [null, ''],
    [undefined, ''],
    [3, '3'],
    [-3, '-3'],
    ['plain', 'plain'],
    ['£1,200 pcm', '"£1,200 pcm"'],
    ['She said "hi"', '"She said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1,2', `"'=1,2"`],
  ]);
});

function lead(overrides: Partial<CsvLead> = {}): CsvLead {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    companyId: '00000000-0000-4000-8000-000000000002',
    conversationId: null,
    answeredQuestions: [],
    propertyId: null,
    ...sampleLead,
    email: 'sarah@example.test',
    annualIncome: 42000,
    personRequested: false,
    score: 8,
    scoreBreakdown: {
      parts: [
        { label: 'Affordability', points: 4, max: 4, reason: 'x' },
        { label: 'Move-in fit', points: 1, max: 2, reason: 'y' },
      ],
    },
    chatTranscriptId: null,
    status: 'new',
    lostReason: null,
    source: null,
    enquiryId: null,
    assigneeId: null,
    assigneeName: null,
    createdAt: new Date('2025-07-05T14:07:00Z'),
    updatedAt: new Date('2025-07-05T14:07:00Z'),
    viewingAt: null,
    viewingStatus: null,
    ...overrides,
  };
}

describe('leadsToCsv', () => {
  test('has every column of the leads table, a BOM and CRLF line ends', () => {
    const csv = leadsToCsv([lead()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row, end] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Date/Time,Property,Location,Price,Beds,Name,Email,Contact,Income,Profession,People,Move In,Availability,Rating,Score breakdown,Person requested,Status,Lost reason,Viewing,Viewing status,Assignee,Source',
    );
    expect(row).toBe(
      '2025-07-05 15:07,"2 Bed Flat, Elm Road","14 Elm Road, Leeds LS6 2AB","£1,200 pcm",2,Sarah Jones,sarah@example.test,07700 900123,"£42,000 per year",Nurse,2,01/03/2027,Weekday evenings,8,Affordability 4/4; Move-in fit 1/2,No,New,,,,,Direct (no source)',
    );
    expect(end).toBe('');
  });

  test('the source column names where the lead came from', () => {
    const rows = leadsToCsv([
      lead({ source: 'whatsapp' }),
      lead({ source: 'sms' }),
      lead({ source: 'rightmove' }),
      lead({ source: 'leeds-uni-board' }),
    ])
      .slice(1)
      .split('\r\n');
    expect(rows[0]!.split(',').at(-1)).toBe('Source');
    expect(rows.slice(1, 5).map((row) => row.split(',').at(-1))).toEqual([
      'WhatsApp',
      'SMS',
      'Rightmove',
      'leeds-uni-board',
    ]);
  });

  test('empty values are empty cells and an empty property reads any', () => {
    const csv = leadsToCsv([
      lead({
        propertyName: '',
        propertyLocation: null,
        numberOfBeds: null,
        contactNumber: null,
        rating: null,
        scoreBreakdown: null,
      }),
    ]);
    const row = csv.split('\r\n')[1];
    expect(row.startsWith('2025-07-05 15:07,any,,"£1,200 pcm",,Sarah Jones,sarah@example.test,,')).toBe(true);
    expect(row.endsWith('Weekday evenings,,,No,New,,,,,Direct (no source)')).toBe(true);
  });

  test('a tenant who asked for a person reads Yes in its own column, before the pipeline', () => {
    const row = leadsToCsv([lead({ personRequested: true })]).split('\r\n')[1];
    expect(row.endsWith('Move-in fit 1/2,Yes,New,,,,,Direct (no source)')).toBe(true);
  });

  test("the assignee's name is the last column", () => {
    const row = leadsToCsv([lead({ assigneeName: 'Nico Negotiator' })]).split('\r\n')[1];
    expect(row.endsWith(',New,,,,Nico Negotiator,Direct (no source)')).toBe(true);
  });

  test('a lost lead reads its status and why, after the spec columns', () => {
    const csv = leadsToCsv([lead({ status: 'lost', lostReason: 'Found a flat elsewhere' })]);
    expect(csv.split('\r\n')[1]?.endsWith(',Lost,Found a flat elsewhere,,,,Direct (no source)')).toBe(true);
  });

  test('the latest viewing comes last, on London time, with its status', () => {
    const csv = leadsToCsv([
      lead({
        status: 'viewing_booked',
        viewingAt: new Date('2026-03-07T10:30:00Z'),
        viewingStatus: 'booked',
      }),
      // British Summer Time: 09:00 UTC is 10:00 in London.
      lead({ status: 'viewed', viewingAt: new Date('2026-07-04T09:00:00Z'), viewingStatus: 'no_show' }),
    ]);
    const [, booked, missed] = csv.split('\r\n');
    expect(booked?.endsWith(',Viewing booked,,2026-03-07 10:30,Booked,,Direct (no source)')).toBe(true);
    expect(missed?.endsWith(',Viewed,,2026-07-04 10:00,No-show,,Direct (no source)')).toBe(true);
  });

  test('a formula typed by a tenant arrives as text', () => {
    const csv = leadsToCsv([lead({ name: '=cmd|"/c calc"!A1', profession: '@SUM(1)' })]);
    expect(csv).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(csv).toContain("'@SUM(1)");
  });
});
