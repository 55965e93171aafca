import { expect, it } from '@jest/globals';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { useE2E, describeE2E } from './harness.js';
import { newMember, registerMember, signedInUserId, signInByApi } from './members.js';
import { appText } from './texts.js';

const e2e = useE2E();

describeE2E('the profile’s data export', () => {
  it("'Scarica i miei dati' downloads a zip of the member's data", async () => {
    const member = newMember('dati');
    await registerMember(e2e.baseUrl, member);
    const page = await e2e.newPage();
    await signInByApi(page, member);
    const id = await signedInUserId(page);

    await page.goto('/profile');
    await page.getByText(appText('profile.data.title'), { exact: true }).waitFor();
    const button = page.getByRole('button', { name: appText('profile.data.download') });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^tip-data-\d{4}-\d\d-\d\d\.zip$/);
    // Read through the connection: the run's shared browser keeps the file on its side.
    const zip = new Uint8Array(await buffer(await download.createReadStream()));
    expect(Buffer.from(zip.subarray(0, 4)).toString('latin1')).toBe('PK\u0003\u0004');
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['export.json', 'identity.json', 'content.json']));
    const identity = JSON.parse(Buffer.from(files['identity.json'] ?? []).toString('utf8')) as {
      profile: { id: string; email: string };
    };
    expect(identity.profile).toMatchObject({ id, email: member.email });
    expect(files['media/verification-photo.jpg']?.length).toBeGreaterThan(0);
    // The button is back for another download.
    await page.getByRole('button', { name: appText('profile.data.download') }).waitFor();
  });

  it('shows the button in the member’s language', async () => {
    const member = newMember('data');
    await registerMember(e2e.baseUrl, member);
    const page = await e2e.newPage();
    await signInByApi(page, member);
    await page.goto('/profile');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('button', { name: appText('profile.data.download', 'en') }).waitFor();
  });
});
