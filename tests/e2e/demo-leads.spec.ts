import { demoTest, expect, logInAsDemo } from './fixtures.ts';
import { conversationLog, send } from './tenant.ts';

/**
 * The demo agency as a newcomer meets it: a lead from an earlier day shows that day's times in its
 * transcript, and a tenant asking whether the studio is furnished gets an answer.
 */
const test = demoTest;

for (const width of [390, 1280]) {
  test(`a demo lead from an earlier day has that day's times in its transcript at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsDemo(page);
    // On a phone the leads are cards, each opened from its Details button; on a desktop, a row.
    if (width < 768) await page.getByRole('button', { name: 'Details for Chloe Evans' }).click();
    else await page.getByText('Chloe Evans').first().click();
    const panel = page.getByRole('dialog', { name: /Chloe Evans/ });
    const enquired = /Enquired (\d{1,2} [A-Z][a-z]{2}) \d{4}, (\d{2}:\d{2})/.exec(
      await panel.getByText(/^Enquired \d/).innerText(),
    );
    expect(enquired).not.toBeNull();
    const today = new Date().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Europe/London',
    });
    expect(enquired![1]).not.toBe(today);
    const transcript = panel.getByRole('region', { name: 'Chat transcript' });
    await expect(transcript).toContainText('this Saturday');
    // Every message's time is on the lead's day; the last one is when the lead came.
    const times = await transcript.getByText(/^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/).allInnerTexts();
    expect(times.length).toBeGreaterThan(4);
    for (const time of times) expect(time.startsWith(`${enquired![1]},`)).toBe(true);
    expect(times.at(-1)).toBe(`${enquired![1]}, ${enquired![2]}`);
    await transcript.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`demo-transcript-${width}.png`) });
  });
}

test('a tenant asking whether the demo studio is furnished is told', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsDemo(page);
  await expect(page.getByText('Chloe Evans').first()).toBeVisible();
  const [company] = (await (await page.request.get('/api/companies')).json()) as { id: string }[];
  const properties = (await (await page.request.get(`/api/companies/${company!.id}/properties`)).json()) as
    | { propertyName: string; chatbotUrl: string }[]
    | { properties: { propertyName: string; chatbotUrl: string }[] };
  const list = Array.isArray(properties) ? properties : properties.properties;
  for (const name of ['Studio, Wellington Place', '2 Bed Flat, Elm Road']) {
    const listing = list.find((property) => property.propertyName === name)!;
    await page.goto(new URL(listing.chatbotUrl).pathname);
    await expect(conversationLog(page)).toContainText('welcome');
    const answer = await send(page, 'is it furnished?');
    await expect(answer).toContainText(/\bfurnished\b/i);
    await expect(answer).not.toContainText(/pass (that|this|it) on|check with|not sure/i);
  }
  await page.screenshot({ path: test.info().outputPath('demo-furnished-390.png') });
});
