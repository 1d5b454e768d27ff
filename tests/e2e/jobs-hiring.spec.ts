import { expect, test, type Page } from '@playwright/test';

import { baseUrl, catalogOf, choose, shot, signUpByApi, unsafeApi, type Account } from './support';

// Issue 12, the applicant's side and the response pipeline: an applicant writes a resume in English and responds
// to a vacancy; the employer opens the response (viewed), invites to an interview, they talk in the response's
// chat, the employer makes an offer and hires; the applicant sees every status. Resumes are found by filters and
// search; a resume shown only to employers one responded to is in no list for a stranger. Screenshots of every
// new page in both languages at 1366 and 390 px.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };
const kVacancyTitle = 'Frontend developer (React)';
// Unique words, so the search finds these resumes and nothing else.
// Letters only: a word is what the typo fallback learns (a run of digits is not, docs/architecture.md, Suggestions).
const kWord = `Zanzibarite${Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit)))}`;
const kHiddenWord = `Quokkaform${Date.now().toString(36)}`;

async function post(page: Page, path: string, data: unknown): Promise<{ id: number }> {
  const response = await unsafeApi(page, 'POST', path, data);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number };
}

async function noHorizontalScroll(page: Page, what: string): Promise<void> {
  const { width, inner } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width, `${what}: ${width} px in ${inner}`).toBeLessThanOrEqual(inner);
}

test.describe.configure({ mode: 'serial' });

test.describe('jobs: resumes and the hiring pipeline', () => {
  let employer: Account;
  let applicant: Account;
  let stranger: Account;
  let vacancyId = 0;
  let resumeId = 0;
  let hiddenResumeId = 0;
  let categoryId = 0;
  let categoryCode = '';
  let categoryName = '';

  test.beforeAll(async ({ browser }) => {
    employer = await signUpByApi(browser, 'Oleg', 'en');
    applicant = await signUpByApi(browser, 'Anna', 'en', { intent: 'performer' });
    stranger = await signUpByApi(browser, 'Boris', 'en');
    const catalog = await catalogOf(employer.page);
    const category = catalog.categories[0]!;
    categoryId = category.id;
    categoryCode = category.code;
    categoryName = category.names.en;
    const company = await post(employer.page, '/api/companies', {
      name: 'Acme Software',
      description: 'We build web shops for bakeries.',
      website: null,
      industry: 'it',
      size: '11_50',
      country_id: null,
      city_id: null,
      founded_year: 2015,
    });
    vacancyId = (
      await post(employer.page, '/api/vacancies', {
        company_id: company.id,
        title: kVacancyTitle,
        category_id: categoryId,
        specialization_id: null,
        description: 'React, TypeScript and a friendly team. Remote work from anywhere in the CIS.',
        skill_ids: [],
        salary: { from: 15_000_000, to: 25_000_000, currency: 'RUB', gross: true },
        employment: 'full',
        schedule: 'remote',
        experience: '1_3',
        education: 'any',
        country_id: null,
        city_id: null,
        address: '',
        contact: { name: 'Oleg', email: employer.email, phone: '' },
        publish: true,
      })
    ).id;
    // A second resume of the applicant's, shown only to employers it is sent to.
    hiddenResumeId = (
      await post(applicant.page, '/api/resumes', {
        position: `Backend developer ${kHiddenWord}`,
        category_id: categoryId,
        specialization_ids: [],
        salary: null,
        employments: ['full'],
        schedules: ['remote'],
        experience: [],
        education: [],
        skill_ids: [],
        languages: [],
        about: '',
        citizenship_id: null,
        country_id: null,
        city_id: null,
        relocate: false,
        business_trips: false,
        visibility: 'responded',
        publish: true,
      })
    ).id;
  });

  test.afterAll(async () => {
    for (const account of [employer, applicant, stranger]) await account.page.context().close();
  });

  test('an applicant writes a resume in English: experience, education, a language; publishes it', async () => {
    const { page } = applicant;
    await page.goto(`${baseUrl()}/en/resume/create`);
    await page.locator('#resume-position').fill(`React developer ${kWord}`);
    await choose(page, '#resume-category', categoryName);
    await page.getByLabel('Amount').fill('150000');
    await choose(page, '#resume-schedules', 'Remote work');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add a job' }).click();
    const job = page.getByTestId('experience-entry').first();
    await job.getByLabel('Company').fill('Bakery Tech');
    await job.getByLabel('Position').fill('Frontend developer');
    await job.getByLabel('From').fill('2021-03');
    await job.getByLabel('I work here now').check();
    await job.getByLabel('Duties and achievements').fill('Built the online shop in React.');
    await page.getByRole('button', { name: 'Add education' }).click();
    const school = page.getByTestId('education-entry').first();
    await school.getByLabel('Institution').fill('Kazan Federal University');
    await school.getByLabel('Graduation year').fill('2020');
    await page.getByRole('button', { name: 'Add a language' }).click();
    await page.getByLabel('About me').fill('I like tidy interfaces.');
    await shot(page, 'jobs-resume-form-1280-en');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/resume\/\d+$/);
    resumeId = Number(page.url().split('/').pop());
    await expect(page.getByTestId('resume-position')).toHaveText(`React developer ${kWord}`);
    await expect(page.getByTestId('resume-status')).toHaveText('Published');
    await expect(page.getByTestId('resume-experience')).toContainText('Bakery Tech');
    await expect(page.getByTestId('resume-experience')).toContainText('present');
  });

  test('the applicant responds to the vacancy: "Application sent", then the response shows its status', async () => {
    const { page } = applicant;
    await page.goto(`${baseUrl()}/en/vacancy/${vacancyId}`);
    await page.getByTestId('respond-button').click();
    await choose(page, '#respond-resume', `React developer ${kWord}`);
    await page.locator('#respond-letter').fill('I have built three shops in React; happy to talk.');
    await shot(page, 'jobs-respond-dialog-1280-en', false);
    await page.getByTestId('respond-send').click();
    await expect(page.getByText('Application sent')).toBeVisible();
    await expect(page.getByTestId('my-response').getByTestId('response-status')).toHaveText('New');
  });

  test('the employer opens the response (viewed) and invites to an interview; the applicant sees each status', async () => {
    const { page } = employer;
    await page.goto(`${baseUrl()}/en/vacancy/${vacancyId}/responds`);
    await expect(page.getByTestId('tab-response').getByTestId('tab-count')).toHaveText('1');
    const item = page.getByTestId('response-item').first();
    await expect(item.getByTestId('response-status')).toHaveText('New');
    await item.getByTestId('response-open').click();
    await expect(item.getByTestId('response-resume')).toContainText(`React developer ${kWord}`);
    await expect(item.getByTestId('response-status')).toHaveText('Viewed');
    await expect(page.getByTestId('tab-viewed').getByTestId('tab-count')).toHaveText('1');
    const mine = await applicant.page.request.get(`${baseUrl()}/api/vacancies/${vacancyId}/my-response`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(((await mine.json()) as { response: { status: string } }).response.status).toBe('viewed');
    // The applicant's list is open while the employer invites: the status changes there without a reload.
    await applicant.page.goto(`${baseUrl()}/en/resume/my-responses`);
    const applicantStatus = applicant.page
      .getByTestId('response-item')
      .first()
      .getByTestId('response-status');
    await expect(applicantStatus).toHaveText('Viewed');
    await item.getByTestId('action-interview').click();
    // The interview's details: refused without a date and format, then the 15th of next month at the default
    // 10:00, online with a link and a message.
    const dialog = page.locator('.response-dialog');
    await dialog.getByTestId('interview-confirm').click();
    await expect(dialog).toContainText("Choose the interview's date and time.");
    await dialog.locator('[id$="-day"]').click();
    const picker = page.locator('.p-datepicker:not(.p-datepicker-inline)');
    await picker.locator('.p-datepicker-next').click();
    await picker.locator('td:not(.p-datepicker-other-month) > span', { hasText: /^15$/ }).click();
    await choose(page, '[id^="interview-"][id$="-format"]', 'online');
    await dialog.locator('[id$="-place"]').fill('https://meet.example.com/artel-e2e');
    await dialog.locator('[id$="-message"]').fill('A one-hour call with the team lead.');
    await shot(page, 'jobs-interview-dialog-1366-en', false);
    await dialog.getByTestId('interview-confirm').click();
    await expect(item.getByTestId('response-status')).toHaveText('Interview');
    const when = /Interview: 15 [A-Za-z]+( \d{4})?, 10:00, online — https:\/\/meet\.example\.com\/artel-e2e/;
    await expect(item.getByTestId('response-interview')).toContainText(when);
    await shot(page, 'jobs-vacancy-responds-1366-en');
    await expect(applicantStatus).toHaveText('Interview');
    // The applicant sees when and where, with the employer's message.
    const applicantInterview = applicant.page
      .getByTestId('response-item')
      .first()
      .getByTestId('response-interview');
    await expect(applicantInterview).toContainText(when);
    await expect(applicantInterview).toContainText('A one-hour call with the team lead.');
  });

  test('they talk in the chat of the response: its title is the vacancy, its link leads back to the lists', async () => {
    const { page } = employer;
    const item = page.getByTestId('response-item').first();
    await item.getByTestId('write-about-response').click();
    await expect(page).toHaveURL(/\/en\/m\/chat\/\d+$/);
    await expect(page.getByTestId('chat-context')).toHaveText(`Response: ${kVacancyTitle}`);
    await page.getByTestId('composer-text').fill('Hello! When could you come for an interview?');
    await page.getByTestId('composer-text').press('Enter');
    await expect(page.getByTestId('message').last()).toContainText('When could you come');
    const chatUrl = page.url();
    // The applicant answers from the same chat ("Write to the employer" opens it).
    const other = applicant.page;
    await other.goto(`${baseUrl()}/en/resume/my-responses`);
    await other.getByTestId('response-item').first().getByTestId('write-about-response').click();
    await expect(other).toHaveURL(chatUrl);
    await expect(other.getByTestId('message').last()).toContainText('When could you come');
    await other.getByTestId('composer-text').fill('Tomorrow at ten works for me.');
    await other.getByTestId('composer-text').press('Enter');
    await expect(page.getByTestId('message').last()).toContainText('Tomorrow at ten');
    // The context link: the employer lands on the vacancy's pipeline, the applicant on their responses.
    await page.getByTestId('chat-context').click();
    await expect(page).toHaveURL(new RegExp(`/en/vacancy/${vacancyId}/responds\\?status=interview$`));
    await other.getByTestId('chat-context').click();
    await expect(other).toHaveURL(/\/en\/resume\/my-responses\?status=interview$/);
  });

  test('the employer makes an offer and hires; the applicant sees the offer and then "Hired"', async () => {
    const { page } = employer;
    await page.goto(`${baseUrl()}/en/vacancy/${vacancyId}/responds`);
    const item = page.getByTestId('response-item').first();
    await item.getByTestId('response-open').click();
    await item.getByTestId('action-offer').click();
    await expect(item.getByTestId('response-status')).toHaveText('Offer');
    await applicant.page.goto(`${baseUrl()}/en/vacancy/${vacancyId}`);
    await expect(applicant.page.getByTestId('my-response').getByTestId('response-status')).toHaveText(
      'Offer',
    );
    await item.getByTestId('action-hire').click();
    await expect(item.getByTestId('response-status')).toHaveText('Hired');
    await expect(page.getByTestId('tab-hired').getByTestId('tab-count')).toHaveText('1');
    await applicant.page.goto(`${baseUrl()}/en/resume/my-responses?status=hired`);
    const hired = applicant.page.getByTestId('response-item').first();
    await expect(hired.getByTestId('response-status')).toHaveText('Hired');
    await hired.getByText('History').click();
    await expect(hired.getByTestId('response-history')).toContainText('Hired');
    await shot(applicant.page, 'jobs-my-responses-1366-en');
  });

  test('resumes are found by search (also with a typo) and filters; a responded-only resume is in no list', async () => {
    const { page } = stranger;
    await page.goto(`${baseUrl()}/en/resumes?q=${kWord}`);
    await expect(page.getByTestId('resume-card')).toHaveCount(1);
    await expect(page.getByTestId('resume-card')).toContainText(`React developer ${kWord}`);
    // A typo: the fallback's note and the same resume.
    // The last letter changed to another one (the word may end in an x itself: then the query was the word).
    const typo = `${kWord.slice(0, -1)}${kWord.endsWith('x') ? 'q' : 'x'}`;
    await page.goto(`${baseUrl()}/en/resumes?q=${typo}`);
    await expect(page.getByTestId('corrected-note')).toBeVisible();
    await expect(page.getByTestId('resume-card').first()).toContainText(kWord);
    // Filters: remote work in its category finds it; a salary limit below its expectation does not.
    await page.goto(`${baseUrl()}/en/resumes/${categoryCode}?q=${kWord}&remote=true`);
    await expect(page.getByTestId('resume-card')).toHaveCount(1);
    await page.goto(`${baseUrl()}/en/resumes?q=${kWord}&salary=100000`);
    await expect(page.getByText('No resumes match these filters.')).toBeVisible();
    await page.goto(`${baseUrl()}/en/resumes?q=${kWord}&salary=200000`);
    await expect(page.getByTestId('resume-card')).toHaveCount(1);
    // The responded-only resume: not in the list, the search, nor its page for a stranger.
    await page.goto(`${baseUrl()}/en/resumes?q=${kHiddenWord}`);
    await expect(page.getByText('No resumes match these filters.')).toBeVisible();
    await page.goto(`${baseUrl()}/en/resume/${hiddenResumeId}`);
    await expect(page.getByTestId('resume-position')).toHaveCount(0);
    await expect(page.locator('.not-found, [data-testid="not-found"]').first()).toBeVisible();
  });

  test('every new page in both languages at 1366 and 390 px, without a horizontal scroll', async () => {
    test.setTimeout(300_000);
    const pages: [Account, string, string][] = [
      [stranger, 'resumes', 'resumes'],
      [stranger, 'resumes-category', `resumes/${categoryCode}`],
      [stranger, 'resume', `resume/${resumeId}`],
      [applicant, 'resume-create', 'resume/create'],
      [applicant, 'resume-edit', `resume/${resumeId}/edit`],
      [applicant, 'resume-owner', `resume/${resumeId}`],
      [applicant, 'resumes-my', 'resumes/my'],
      [applicant, 'my-responses', 'resume/my-responses'],
      [applicant, 'resume-responds', `resume/${resumeId}/responds`],
      [applicant, 'vacancy-respond', `vacancy/${vacancyId}`],
      [employer, 'vacancy-responds', `vacancy/${vacancyId}/responds`],
      [employer, 'resume-invite', `resume/${resumeId}`],
    ];
    for (const lang of ['en', 'ru'] as const) {
      for (const [account, name, path] of pages) {
        const { page } = account;
        for (const size of [kDesktop, kPhone]) {
          await page.setViewportSize(size);
          await page.goto(`${baseUrl()}/${lang}/${path}`);
          await page.waitForLoadState('networkidle');
          await expect(page.locator('.page-loader')).toHaveCount(0);
          await noHorizontalScroll(page, `${lang}/${path} at ${size.width}`);
          await shot(page, `jobs-${name}-${size.width}-${lang}`);
        }
      }
    }
    for (const account of [employer, applicant, stranger]) await account.page.setViewportSize(kDesktop);
  });

  test('the employer invites another resume from its page; the Russian plural of the responses', async () => {
    const { page } = employer;
    // The hidden resume was never sent to this employer: it does not exist for them.
    const hidden = await page.request.get(`${baseUrl()}/api/resumes/${hiddenResumeId}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(hidden.status()).toBe(404);
    await page.goto(`${baseUrl()}/ru/resume/${resumeId}`);
    await expect(page.getByTestId('invite-button')).toHaveText(/Пригласить на вакансию/);
  });
});
