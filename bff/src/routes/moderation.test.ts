import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { grpcServerDuration } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack({ postApproval: 'moderated' });
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** How many calls each gRPC method of the stack's services has served so far (the platform's own metric). */
async function callsServed(): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const { metricName, labels, value } of (await grpcServerDuration().get()).values)
    if (metricName === 'tip_grpc_server_duration_seconds_count')
      calls.set(String(labels.method), (calls.get(String(labels.method)) ?? 0) + value);
  return calls;
}

const list = async (path: string) => (await (await admin.browser.get(path)).json()) as Array<Record<string, unknown>>;
const ids = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);

/** A member whose photo is in the verification queue. */
async function waitingMember(name: string) {
  const member = await stack.member(name);
  await waitFor(async () => ids(await list('/api/admin/pending-users')).includes(member.id), 5000, 'the queue');
  return member;
}

async function approvedMember(name: string) {
  const member = await waitingMember(name);
  const decided = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  expect(decided.status).toBe(200);
  return member;
}

async function publishedPost(author: Browser, content: string) {
  const form = new FormData();
  form.append('content', content);
  form.append('category', 'trending');
  const created = await json(await author.postForm('/api/posts', form));
  const postId = (created.item as { post: { id: string } }).post.id;
  await waitFor(
    async () => (await list('/api/admin/pending-posts')).some((item) => (item.post as { id: string }).id === postId),
    5000,
    'the post queue',
  );
  const approved = await admin.browser.postJson(`/api/admin/posts/${postId}/status`, { status: 'approved' }, 'PATCH');
  expect(approved.status).toBe(200);
  return postId;
}

describe('every admin route', () => {
  it('answers 401 to visitors and 403 to members', async () => {
    const member = await stack.member('curioso');
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/counts'],
      ['GET', '/api/admin/pending-posts'],
      ['GET', '/api/admin/pending-users'],
      ['GET', '/api/admin/pending-verifications'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/post-reports'],
      ['GET', '/api/feedback'],
      ['GET', '/api/admin/feedback'],
      ['GET', '/api/admin/audit'],
      ['PUT', `/api/admin/users/${member.id}/verify`, { status: 'approved' }],
      ['PUT', `/api/admin/users/${member.id}/tester`, { isTester: true }],
      ['POST', `/api/admin/users/${member.id}/add-credits`, { amount: 10 }],
      ['POST', `/api/admin/users/${member.id}/grant-premium`, { months: 1 }],
      ['POST', `/api/admin/users/${member.id}/revoke-premium`, {}],
      ['DELETE', `/api/admin/users/${member.id}`],
      ['PATCH', '/api/admin/posts/p1/status', { status: 'approved' }],
      ['DELETE', '/api/admin/posts/p1'],
      ['PUT', '/api/admin/reports/r1', { status: 'resolved' }],
      ['PUT', '/api/admin/feedback/f1', { status: 'resolved' }],
      ['DELETE', '/api/feedback/f1'],
      ['POST', '/api/admin/create-test-users', {}],
      ['POST', '/api/admin/create-test-posts', {}],
      ['POST', '/api/admin/quick-login', {}],
    ];
    for (const [method, path, body] of routes) {
      const visitor = await stack.browser().request(path, { method, json: body });
      expect([path, visitor.status]).toEqual([path, 401]);
      const forbidden = await member.browser.request(path, { method, json: body });
      expect([path, forbidden.status]).toEqual([path, 403]);
      expect(await json(forbidden)).toEqual({ message: 'Accesso negato - Solo per amministratori' });
    }
    // Nothing changed: the member is still waiting.
    const me = await json(await member.browser.get('/api/auth/user'));
    expect(me).toMatchObject({ verificationStatus: 'pending', isTester: false, credits: 0 });
  });
});

describe('the verification queue', () => {
  it('shows the admin view of waiting members; a decision answers once the member has changed, and tells them', async () => {
    const member = await waitingMember('attesa');
    const queued = (await list('/api/admin/pending-verifications')).find((user) => user.id === member.id);
    expect(queued).toMatchObject({
      username: 'attesa',
      email: member.email,
      verificationStatus: 'pending',
      isVerified: false,
      credits: 0,
    });
    expect(queued?.verificationImageUrl).toEqual(
      expect.stringContaining(`/api/users/${member.id}/photos/verification`),
    );
    expect((await admin.browser.get(queued?.verificationImageUrl as string)).status).toBe(200);

    const socket = connect(stack.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { Cookie: member.browser.cookieHeader() },
    });
    await new Promise((resolve) => socket.on('connect', () => resolve(null)));
    const told = new Promise((resolve) => socket.on('user_updated', resolve));

    const refused = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'rejected' }, 'PUT');
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ message: 'Seleziona almeno un motivo per il rifiuto.' });
    const reason = 'Foto di bassa qualità o poco visibile, Illuminazione insufficiente';
    const rejected = await admin.browser.postJson(
      `/api/admin/users/${member.id}/verify`,
      { status: 'rejected', reason },
      'PUT',
    );
    expect(await json(rejected)).toMatchObject({ success: true, verificationStatus: 'rejected' });
    expect(await json(await member.browser.get('/api/auth/user'))).toMatchObject({
      verificationStatus: 'rejected',
      verificationNotes: reason,
    });
    await told;
    socket.disconnect();
    expect(ids(await list('/api/admin/pending-users'))).not.toContain(member.id);
    const again = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
    expect(again.status).toBe(409);
  });

  it('sends a member who changes gender back to it, shows the admin what changed, and the rule follows the decision', async () => {
    const member = await approvedMember('cambio');
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#808000' } })
      .jpeg()
      .toBuffer();
    const postInPatate = () => {
      const form = new FormData();
      form.append('content', 'nelle patate');
      form.append('category', 'patate');
      form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
      return member.browser.postForm('/api/posts', form);
    };
    // Content hears of the approval a moment after identity: until then it answers 403.
    const answerOnceApproved = async () => {
      let answer = await postInPatate();
      await waitFor(async () => (answer = await postInPatate()).status !== 403, 5000, 'content hearing of it');
      return answer;
    };
    const refused = await answerOnceApproved();
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ message: 'Gli uomini non possono postare nella categoria Patate.' });

    const changed = await member.browser.postJson('/api/auth/profile', { username: 'cambio', gender: 'female' }, 'PUT');
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({
      message:
        'Profilo aggiornato. Il genere è confermato dalla foto di verifica: il tuo account torna in attesa finché un amministratore non lo approva di nuovo.',
      user: { gender: 'female', verificationStatus: 'pending' },
    });
    expect(await json(await member.browser.get('/api/auth/user'))).toMatchObject({ verificationStatus: 'pending' });
    const waiting = await postInPatate();
    expect(waiting.status).toBe(403);
    expect(await json(waiting)).toEqual({ message: 'Account in attesa di approvazione' });

    await waitFor(async () => ids(await list('/api/admin/pending-users')).includes(member.id), 5000, 'the queue');
    const queued = (await list('/api/admin/pending-users')).find((user) => user.id === member.id);
    expect(queued).toMatchObject({ gender: 'female', genderChange: { from: 'male', to: 'female' } });
    const other = await waitingMember('nuovo');
    expect((await list('/api/admin/pending-users')).find((user) => user.id === other.id)).toMatchObject({
      genderChange: null,
    });

    const approved = await admin.browser.postJson(
      `/api/admin/users/${member.id}/verify`,
      { status: 'approved' },
      'PUT',
    );
    expect(approved.status).toBe(200);
    const published = await answerOnceApproved();
    expect(published.status).toBe(201);
  });

  it('decides right after registration, before the queue has caught up', async () => {
    const member = await stack.member('lampo');
    const decided = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
    expect(decided.status).toBe(200);
    expect(await json(await member.browser.get('/api/auth/user'))).toMatchObject({ verificationStatus: 'approved' });
  });
});

describe('the post queue', () => {
  it('lists a waiting post whole; a rejection with reasons reaches its author', async () => {
    const author = await approvedMember('autore');
    const form = new FormData();
    form.append('content', 'In attesa di un moderatore');
    form.append('category', 'trending');
    const created = await json(await author.browser.postForm('/api/posts', form));
    expect(created).toMatchObject({ status: 'pending' });
    const postId = (created.item as { post: { id: string } }).post.id;
    await waitFor(
      async () => (await list('/api/admin/pending-posts')).some((item) => (item.post as { id: string }).id === postId),
      5000,
      'the queue',
    );
    const item = (await list('/api/admin/pending-posts')).find(
      (queued) => (queued.post as { id: string }).id === postId,
    );
    expect(item).toMatchObject({
      post: { content: 'In attesa di un moderatore', category: 'trending', title: null },
      author: { id: author.id, username: 'autore' },
    });
    const reason = 'Spam o promozione non autorizzata';
    const decided = await admin.browser.postJson(
      `/api/admin/posts/${postId}/status`,
      { status: 'rejected', reason },
      'PATCH',
    );
    expect(decided.status).toBe(200);
    expect((await json(await author.browser.get(`/api/posts/${postId}`))).post).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    expect((await list('/api/admin/pending-posts')).map((queued) => (queued.post as { id: string }).id)).not.toContain(
      postId,
    );
  });
});

describe('a post decided at once', () => {
  it('is decided right after it was written, before the queue has caught up', async () => {
    const author = await approvedMember('svelto');
    const form = new FormData();
    form.append('content', 'Deciso subito');
    form.append('category', 'trending');
    const created = await json(await author.browser.postForm('/api/posts', form));
    const postId = (created.item as { post: { id: string } }).post.id;
    const decided = await admin.browser.postJson(`/api/admin/posts/${postId}/status`, { status: 'approved' }, 'PATCH');
    expect(decided.status).toBe(200);
    expect((await json(await author.browser.get(`/api/posts/${postId}`))).post).toMatchObject({ status: 'approved' });
    const unknown = await admin.browser.postJson(
      '/api/admin/posts/no-such-post/status',
      { status: 'approved' },
      'PATCH',
    );
    expect(unknown.status).toBe(404);
  });
});

describe('pushes about a waiting post', () => {
  it('tell its author’s pages, not others', async () => {
    const author = await approvedMember('scrittore');
    const other = await approvedMember('lettore');
    const open = (cookie: string) =>
      connect(stack.url, { path: '/ws', transports: ['websocket'], extraHeaders: { Cookie: cookie } });
    const [mine, theirs] = [open(author.browser.cookieHeader()), open(other.browser.cookieHeader())];
    await Promise.all(
      [mine, theirs].map((socket) => new Promise((resolve) => socket.on('connect', () => resolve(null)))),
    );
    // Other tests' posts may still be news to every page (the feed's news goes out up to a second late): what the
    // pages must or must not hear of is this post.
    const heard = (socket: typeof mine) => {
      const postIds: string[] = [];
      socket.on('feed_updated', (news: { postIds: string[] }) => postIds.push(...news.postIds));
      return postIds;
    };
    const [authorHeard, otherHeard] = [heard(mine), heard(theirs)];
    const form = new FormData();
    form.append('content', 'Scritto altrove');
    form.append('category', 'trending');
    const created = await json(await author.browser.postForm('/api/posts', form));
    const postId = (created.item as { post: { id: string } }).post.id;
    await waitFor(() => authorHeard.includes(postId), 5000, 'the author’s page to hear of the post');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherHeard).not.toContain(postId);
    mine.disconnect();
    theirs.disconnect();
  });
});

describe('reports', () => {
  it('are filed once per member from the post card, grouped for admins, and moved to resolved', async () => {
    const author = await approvedMember('segnalato');
    const [first, second] = [await approvedMember('primo'), await approvedMember('secondo')];
    const postId = await publishedPost(author.browser, 'Un post discutibile');

    const noReason = await first.browser.postJson(`/api/posts/${postId}/report`, { description: 'x' });
    expect(noReason.status).toBe(400);
    expect(await json(noReason)).toEqual({ message: 'Devi selezionare un motivo per la segnalazione.' });
    const own = await author.browser.postJson(`/api/posts/${postId}/report`, { reason: 'spam' });
    expect(own.status).toBe(409);
    const filed = await first.browser.postJson(`/api/posts/${postId}/report`, {
      reason: 'spam',
      description: 'pubblicità',
    });
    expect(await json(filed)).toEqual({ success: true, message: 'Segnalazione inviata' });
    expect((await first.browser.postJson(`/api/posts/${postId}/report`, { reason: 'fake' })).status).toBe(409);
    expect((await second.browser.postJson(`/api/posts/${postId}/report`, { reason: 'harassment' })).status).toBe(201);
    expect((await first.browser.postJson('/api/posts/no-such-post/report', { reason: 'spam' })).status).toBe(404);

    const groupOf = async () => (await list('/api/admin/post-reports')).find((group) => group.postId === postId);
    const group = await groupOf();
    expect(group).toMatchObject({
      status: 'pending',
      reportCount: 2,
      post: { content: 'Un post discutibile', author: { username: 'segnalato' } },
      reports: [
        { reason: 'spam', description: 'pubblicità', reporter: { id: first.id, username: 'primo' } },
        { reason: 'harassment', description: null, reporter: { id: second.id, username: 'secondo' } },
      ],
    });
    expect((await json(await admin.browser.get('/api/admin/counts'))).openReports).toBeGreaterThanOrEqual(1);

    const move = (status: string, adminNotes: string) =>
      admin.browser.postJson(`/api/admin/reports/${group?.id as string}`, { status, adminNotes }, 'PUT');
    expect((await move('in_review', 'Segnalazione presa in carico per revisione')).status).toBe(200);
    expect(await groupOf()).toMatchObject({
      status: 'in_review',
      adminNotes: 'Segnalazione presa in carico per revisione',
      reviewer: { id: admin.id },
    });
    expect((await move('resolved', 'Segnalazione risolta dopo revisione')).status).toBe(200);
    expect(await groupOf()).toMatchObject({ status: 'resolved' });
    const final = await move('in_review', '');
    expect(final.status).toBe(409);
    expect(await json(final)).toEqual({ message: 'La segnalazione è già risolta.' });

    // The post deleted, its reports stay and say so.
    expect((await admin.browser.request(`/api/admin/posts/${postId}`, { method: 'DELETE' })).status).toBe(200);
    await waitFor(async () => (await groupOf())?.post === null, 5000, "'Post eliminato'");
  });
});

describe('feedback', () => {
  it('goes from a member’s form to the admins’ list, where it is updated and deleted', async () => {
    const member = await stack.member('opinionista');
    const empty = await member.browser.postJson('/api/feedback', { type: 'bug', message: '   ' });
    expect(empty.status).toBe(400);
    expect(await json(empty)).toEqual({ message: 'Messaggio richiesto' });
    const sent = await member.browser.postJson('/api/feedback', { type: 'feature', message: ' Vorrei il tema scuro ' });
    expect(sent.status).toBe(201);
    const { id } = await json(sent);
    const listed = (await list('/api/feedback')).find((item) => item.id === id);
    expect(listed).toMatchObject({
      type: 'feature',
      message: 'Vorrei il tema scuro',
      status: 'pending',
      user: { id: member.id, username: 'opinionista' },
    });
    expect(
      (await admin.browser.postJson(`/api/admin/feedback/${id as string}`, { status: 'resolved' }, 'PUT')).status,
    ).toBe(200);
    expect((await list('/api/admin/feedback')).find((item) => item.id === id)).toMatchObject({ status: 'resolved' });
    expect((await admin.browser.request(`/api/feedback/${id as string}`, { method: 'DELETE' })).status).toBe(200);
    expect(ids(await list('/api/feedback'))).not.toContain(id);
  });
});

describe('users, stats and the audit log', () => {
  it('searches, filters and pages on the server; an admin is never deleted; every action is in the audit log', async () => {
    const tester = await approvedMember('cercami');
    await admin.browser.postJson(`/api/admin/users/${tester.id}/tester`, { isTester: true }, 'PUT');
    await admin.browser.postJson(`/api/admin/users/${tester.id}/add-credits`, { amount: 40 });
    const page = async (query: string) =>
      (await json(await admin.browser.get(`/api/admin/users?${query}`))) as {
        users: Array<Record<string, unknown>>;
        total: number;
      };
    const found = await page('search=CERCA');
    expect(found.users).toEqual([expect.objectContaining({ id: tester.id, isTester: true, credits: 40 })]);
    expect((await page(`search=${encodeURIComponent(tester.email.toUpperCase())}`)).total).toBe(1);
    expect(ids((await page('role=tester&limit=100')).users)).toContain(tester.id);
    expect(ids((await page('role=user&limit=100')).users)).not.toContain(tester.id);
    expect((await page('role=admin')).users.map((user) => user.isAdmin)).toEqual([true]);
    const all = await page('limit=2&page=1');
    const second = await page('limit=2&page=2');
    expect(all.users).toHaveLength(2);
    expect(ids(second.users).some((id) => ids(all.users).includes(id))).toBe(false);
    expect((await admin.browser.get('/api/admin/users?limit=500')).status).toBe(400);

    const refused = await admin.browser.request(`/api/admin/users/${admin.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect((await admin.browser.request(`/api/admin/users/${tester.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await page('search=cercami')).total).toBe(0);

    await waitFor(
      async () => {
        const { entries } = (await json(await admin.browser.get(`/api/admin/audit?targetId=${tester.id}`))) as {
          entries: Array<{ action: string }>;
        };
        return (
          entries.map((entry) => entry.action).join() ===
          'user_deleted,credits_adjusted,tester_granted,verification_approved'
        );
      },
      5000,
      'the audit log',
    );
    const { entries } = (await json(await admin.browser.get(`/api/admin/audit?adminId=${admin.id}`))) as {
      entries: Array<Record<string, unknown>>;
    };
    expect(entries[0]).toMatchObject({ admin: { id: admin.id, username: expect.any(String) }, targetType: 'user' });

    const stats = await json(await admin.browser.get('/api/admin/stats'));
    expect(stats).toEqual({
      totalUsers: expect.any(Number),
      totalPosts: expect.any(Number),
      totalMessages: expect.any(Number),
      totalTransactions: expect.any(Number),
      pendingPosts: expect.any(Number),
      pendingVerifications: expect.any(Number),
      openReports: expect.any(Number),
      openFeedback: expect.any(Number),
      revenueCents: 0,
      // This machine's ffmpeg (Debian's), under prlimit.
      media: { ffmpegSource: 'system', ffmpegVersion: expect.stringMatching(/^ffmpeg version /), limitsEnforced: true },
      // The test stack asks for test data.
      testData: true,
    });
    expect(stats.totalTransactions).toBeGreaterThanOrEqual(1);
  });

  it('says what each audit entry is about, asking moderation, content and identity once each for the page', async () => {
    const author = await approvedMember('autoreaudit');
    const reporter = await approvedMember('segnalaudit');
    const postId = await publishedPost(author.browser, `Tramonto a Roma ${'con tante   parole '.repeat(12)}`);
    const gone = await publishedPost(author.browser, 'Da cancellare');
    await waitFor(
      async () =>
        (await reporter.browser.postJson(`/api/posts/${postId}/report`, { reason: 'harassment', description: '' }))
          .status === 201,
      5000,
      'the report',
    );
    const group = (await list('/api/admin/reports')).find((item) => item.postId === postId);
    const inReview = { status: 'in_review', adminNotes: 'Presa in carico' };
    expect((await admin.browser.postJson(`/api/admin/reports/${String(group?.id)}`, inReview, 'PUT')).status).toBe(200);
    const feedback = await json(
      await reporter.browser.postJson('/api/feedback', { type: 'bug', message: 'La foto\n non si carica' }),
    );
    const feedbackId = String(feedback.id);
    await admin.browser.postJson(`/api/admin/feedback/${feedbackId}`, { status: 'in_review' }, 'PUT');
    expect((await admin.browser.request(`/api/admin/posts/${gone}`, { method: 'DELETE' })).status).toBe(200);

    type Entry = { action: string; targetId: string } & Record<string, unknown>;
    const audit = async () =>
      ((await json(await admin.browser.get(`/api/admin/audit?adminId=${admin.id}`))) as { entries: Entry[] }).entries;
    const expected: Array<[string, string]> = [
      ['verification_approved', author.id],
      ['post_approved', postId],
      ['report_in_review', postId],
      ['feedback_status_changed', feedbackId],
      ['post_deleted', gone],
    ];
    await waitFor(
      async () => {
        const entries = await audit();
        return expected.every(([action, id]) => entries.some((e) => e.action === action && e.targetId === id));
      },
      5000,
      'the entries',
    );

    const before = await callsServed();
    const entries = await audit();
    const after = await callsServed();
    const served = (method: string) => (after.get(method) ?? 0) - (before.get(method) ?? 0);
    expect(['AuditLog', 'GetPosts', 'GetUsers', 'GetPost'].map(served)).toEqual([1, 1, 1, 0]);

    const entry = (action: string, targetId: string) =>
      entries.find((found) => found.action === action && found.targetId === targetId);
    const byAuthor = { id: author.id, username: 'autoreaudit' };
    const excerpt = expect.stringMatching(/^Tramonto a Roma con tante parole con tante .{0,100}\S…$/);
    expect(entry('verification_approved', author.id)).toMatchObject({ targetLabel: 'autoreaudit', post: null });
    expect(entry('post_approved', postId)).toMatchObject({
      post: { excerpt, hasMedia: false, author: byAuthor },
      reportReason: null,
      feedback: null,
    });
    expect(entry('report_in_review', postId)).toMatchObject({
      post: { excerpt, hasMedia: false, author: byAuthor },
      reportReason: 'harassment',
    });
    expect(entry('post_deleted', gone)).toMatchObject({ post: { excerpt: null, hasMedia: false, author: byAuthor } });
    expect(entry('feedback_status_changed', feedbackId)).toMatchObject({
      feedback: { type: 'bug', excerpt: 'La foto non si carica' },
      post: null,
      reportReason: null,
    });
  });

  it('makes test users and posts for the console outside production', async () => {
    const before = (await list('/api/admin/pending-users')).length;
    const created = await admin.browser.postJson('/api/admin/create-test-users', {});
    expect(await json(created)).toMatchObject({ success: true, created: 3, message: '3 utenti di test creati.' });
    await waitFor(async () => (await list('/api/admin/pending-users')).length === before + 3, 5000, 'three more');
    const posts = await admin.browser.postJson('/api/admin/create-test-posts', {});
    expect(posts.status).toBe(201);
    await waitFor(async () => (await list('/api/admin/pending-posts')).length >= 3, 5000, 'the test posts');
    expect((await admin.browser.postJson('/api/admin/quick-login', {})).status).toBe(200);
  });
});

describe('without ENABLE_TEST_DATA', () => {
  it.each(['production', 'development'])('has no test data and no quick-login in %s: 404', async (NODE_ENV) => {
    const stack = await startStack({ env: { NODE_ENV, ENABLE_TEST_DATA: '' } });
    try {
      const root = await stack.admin();
      for (const path of ['/api/admin/create-test-users', '/api/admin/create-test-posts', '/api/admin/quick-login']) {
        const answer = await root.browser.postJson(path, {});
        expect([path, answer.status, await json(answer)]).toEqual([path, 404, { message: 'Risorsa non trovata' }]);
      }
      // So the console offers no test-data buttons.
      expect(await json(await root.browser.get('/api/admin/stats'))).toMatchObject({ testData: false });
    } finally {
      await stack.stop();
    }
  });
});
