import type { AddressInfo } from 'node:net';
import type { ChatChannelDto, ChatMessageDto, ChatTypingEvent } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, signUp } from '../../../test/factories';
import { type MultipartFile, makeImage, multipart } from '../uploads/uploads.testing';

let app: FastifyInstance;
let owner: CompanySession;
let manager: CompanySession;
let accountant: CompanySession;
let stranger: CompanySession;

const auth = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function channels(session: CompanySession): Promise<ChatChannelDto[]> {
  const response = await call(app, 'GET', '/api/chat/channels', auth(session));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ChatChannelDto[] }>().data;
}

async function post(session: CompanySession, channelId: string, body: string): Promise<ChatMessageDto> {
  const response = await call(app, 'POST', `/api/chat/channels/${channelId}/messages`, {
    ...auth(session),
    body: { body },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: ChatMessageDto }>().data;
}

async function createChannel(session: CompanySession, body: Record<string, unknown>) {
  return call(app, 'POST', '/api/chat/channels', { ...auth(session), body });
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'starter' });
  manager = await addMember(app, owner, 'manager');
  accountant = await addMember(app, owner, 'accountant');
  stranger = await createCompany(app);
});

describe('GET /api/chat/channels', () => {
  it('gives every company a #general channel, on any plan', async () => {
    const list = await channels(owner);
    expect(list.map((channel) => channel.name)).toContain('general');
    expect((await channels(manager)).find((channel) => channel.name === 'general')?._id).toBe(
      list.find((channel) => channel.name === 'general')?._id,
    );
  });

  it('refuses a tenant (403) and an anonymous caller (401)', async () => {
    const tenant = await signUp(app);
    const response = await call(app, 'GET', '/api/chat/channels', { token: tenant.token });
    expect(response.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/chat/channels')).statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('counts unread messages of others until read, and pages newest first with a cursor', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    await call(app, 'POST', `/api/chat/channels/${general._id}/read`, auth(manager));
    const sent: ChatMessageDto[] = [];
    for (let i = 1; i <= 5; i++) sent.push(await post(owner, general._id, `Message ${i}`));
    expect((await channels(manager)).find((channel) => channel._id === general._id)?.unreadCount).toBe(5);
    // Your own messages are never unread.
    expect((await channels(owner)).find((channel) => channel._id === general._id)?.unreadCount).toBe(0);

    const first = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, {
      ...auth(manager),
      query: { limit: '3' },
    });
    const page = first.json<{ data: ChatMessageDto[]; nextCursor: string | null }>();
    expect(page.data.map((message) => message.body)).toEqual(['Message 5', 'Message 4', 'Message 3']);
    expect(page.nextCursor).toBe(sent[2]!._id);
    const second = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, {
      ...auth(manager),
      query: { limit: '3', before: page.nextCursor! },
    });
    const older = second.json<{ data: ChatMessageDto[]; nextCursor: string | null }>();
    expect(older.data.map((message) => message.body).slice(0, 2)).toEqual(['Message 2', 'Message 1']);

    const read = await call(app, 'POST', `/api/chat/channels/${general._id}/read`, auth(manager));
    expect(read.json<{ data: ChatChannelDto }>().data.unreadCount).toBe(0);
  });

  it('takes plain text up to 4,000 characters and refuses empty or longer bodies', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const html = await post(owner, general._id, '<b>not bold</b> https://example.com/a?b=c');
    expect(html.body).toBe('<b>not bold</b> https://example.com/a?b=c');
    for (const body of ['   ', 'x'.repeat(4001)]) {
      const response = await call(app, 'POST', `/api/chat/channels/${general._id}/messages`, {
        ...auth(owner),
        body: { body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('lets only the author edit (marked edited) or delete a message', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const message = await post(manager, general._id, 'Typo heer');
    const byOther = await call(app, 'PUT', `/api/chat/messages/${message._id}`, {
      ...auth(owner),
      body: { body: 'Hijacked' },
    });
    expect(byOther.statusCode).toBe(403);
    const edited = await call(app, 'PUT', `/api/chat/messages/${message._id}`, {
      ...auth(manager),
      body: { body: 'Typo here' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: ChatMessageDto }>().data).toMatchObject({ body: 'Typo here' });
    expect(edited.json<{ data: ChatMessageDto }>().data.editedAt).not.toBeNull();
    expect((await call(app, 'DELETE', `/api/chat/messages/${message._id}`, auth(owner))).statusCode).toBe(
      403,
    );
    expect((await call(app, 'DELETE', `/api/chat/messages/${message._id}`, auth(manager))).statusCode).toBe(
      200,
    );
    const list = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(owner));
    const deleted = list.json<{ data: ChatMessageDto[] }>().data.find((row) => row._id === message._id)!;
    expect(deleted.body).toBe('');
    expect(deleted.deletedAt).not.toBeNull();
    expect((await call(app, 'DELETE', `/api/chat/messages/${message._id}`, auth(manager))).statusCode).toBe(
      409,
    );
  });
});

describe('kept chat pages', () => {
  it('serve a channel again until a chat write or a company write, each shown at once', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const page = () => call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(owner));
    await page();
    expect((await page()).headers['x-page-cache']).toBe('hit');

    await post(manager, general._id, 'kept pages move with every message');
    const afterMessage = await page();
    expect(afterMessage.headers['x-page-cache']).toBeUndefined();
    expect(afterMessage.json<{ data: ChatMessageDto[] }>().data.map((message) => message.body)).toContain(
      'kept pages move with every message',
    );
    expect((await page()).headers['x-page-cache']).toBe('hit');

    // A member's new name is shown beside their messages: a company write moves chat pages too.
    const renamed = await call(app, 'PUT', '/api/auth/update-profile', {
      ...auth(manager),
      body: { firstName: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await page();
    expect(afterRename.headers['x-page-cache']).toBeUndefined();
  });
});

describe('channels and direct messages', () => {
  it('creates named channels once per company (409 on a duplicate, 400 on a bad name)', async () => {
    const created = await createChannel(owner, { name: 'Maintenance-Team', description: 'Fixes' });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: ChatChannelDto }>().data).toMatchObject({
      name: 'maintenance-team',
      isPrivate: false,
    });
    expect((await createChannel(manager, { name: 'maintenance-team' })).statusCode).toBe(409);
    expect((await createChannel(owner, { name: 'has spaces' })).statusCode).toBe(400);
    // Another company may use the same name.
    expect((await createChannel(stranger, { name: 'maintenance-team' })).statusCode).toBe(201);
  });

  it('shows a private channel to its members only', async () => {
    const created = await createChannel(owner, {
      name: 'owners-only',
      isPrivate: true,
      memberIds: [manager.user._id],
    });
    const channel = created.json<{ data: ChatChannelDto }>().data;
    expect((await channels(manager)).some((row) => row._id === channel._id)).toBe(true);
    expect((await channels(accountant)).some((row) => row._id === channel._id)).toBe(false);
    const peek = await call(app, 'GET', `/api/chat/channels/${channel._id}/messages`, auth(accountant));
    expect(peek.statusCode).toBe(404);
    const write = await call(app, 'POST', `/api/chat/channels/${channel._id}/messages`, {
      ...auth(accountant),
      body: { body: 'let me in' },
    });
    expect(write.statusCode).toBe(404);
  });

  it('opens one direct conversation per pair, only with members of the same company', async () => {
    const first = await call(app, 'POST', '/api/chat/direct', {
      ...auth(owner),
      body: { userId: accountant.user._id },
    });
    expect(first.statusCode).toBe(200);
    const dm = first.json<{ data: ChatChannelDto }>().data;
    expect(dm).toMatchObject({ kind: 'direct', isPrivate: true });
    expect(dm.peer?._id).toBe(accountant.user._id);
    const again = await call(app, 'POST', '/api/chat/direct', {
      ...auth(accountant),
      body: { userId: owner.user._id },
    });
    expect(again.json<{ data: ChatChannelDto }>().data._id).toBe(dm._id);
    expect(again.json<{ data: ChatChannelDto }>().data.peer?._id).toBe(owner.user._id);
    expect((await channels(manager)).some((row) => row._id === dm._id)).toBe(false);

    const across = await call(app, 'POST', '/api/chat/direct', {
      ...auth(owner),
      body: { userId: stranger.user._id },
    });
    expect(across.statusCode).toBe(404);
    const self = await call(app, 'POST', '/api/chat/direct', {
      ...auth(owner),
      body: { userId: owner.user._id },
    });
    expect(self.statusCode).toBe(400);
  });

  it("never shows another company's channels or messages (404)", async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const message = await post(owner, general._id, 'Internal');
    expect((await channels(stranger)).some((row) => row._id === general._id)).toBe(false);
    const read = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(stranger));
    expect(read.statusCode).toBe(404);
    const edit = await call(app, 'PUT', `/api/chat/messages/${message._id}`, {
      ...auth(stranger),
      body: { body: 'x' },
    });
    expect(edit.statusCode).toBe(404);
  });
});

describe('realtime across two API processes (Redis adapter)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let sender: FastifyInstance;
  let receiver: FastifyInstance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    sender = await buildTestAppWith({ redisUrl });
    receiver = await buildTestAppWith({ redisUrl });
    await receiver.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await sender?.close();
    await receiver?.close();
  });

  function connect(token: string): Promise<Socket> {
    const port = (receiver.server.address() as AddressInfo).port;
    const socket = connectClient(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function collect(socket: Socket): { event: string; payload: unknown }[] {
    const events: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    return events;
  }

  it('delivers messages, edits and typing to the company only, private ones to members only', async () => {
    const colleague = collect(await connect(manager.token));
    const outsider = collect(await connect(stranger.token));
    const notMember = collect(await connect(accountant.token));
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const secret = (
      await createChannel(owner, {
        name: `secret-${Date.now()}`,
        isPrivate: true,
        memberIds: [manager.user._id],
      })
    ).json<{ data: ChatChannelDto }>().data;

    const sent = await call(sender, 'POST', `/api/chat/channels/${general._id}/messages`, {
      ...auth(owner),
      body: { body: 'Hello team' },
    });
    expect(sent.statusCode).toBe(201);
    await call(sender, 'POST', `/api/chat/channels/${secret._id}/messages`, {
      ...auth(owner),
      body: { body: 'Psst' },
    });
    await call(sender, 'POST', `/api/chat/channels/${general._id}/typing`, auth(owner));

    const deadline = Date.now() + 5000;
    while (colleague.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const bodies = colleague
      .filter((event) => event.event === 'chat:message')
      .map((event) => (event.payload as ChatMessageDto).body);
    expect(bodies).toEqual(['Hello team', 'Psst']);
    const typing = colleague.find((event) => event.event === 'chat:typing')?.payload as ChatTypingEvent;
    expect(typing).toMatchObject({ channelId: general._id, user: { _id: owner.user._id } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.filter((event) => event.event.startsWith('chat:'))).toEqual([]);
    expect(
      notMember
        .filter((event) => event.event === 'chat:message')
        .map((event) => (event.payload as ChatMessageDto).body),
    ).toEqual(['Hello team']);
  });
});

describe('POST /api/chat/channels/{id}/messages with attachments', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  async function postFiles(
    session: CompanySession,
    channelId: string,
    files: MultipartFile[],
    fields: Record<string, string> = {},
  ) {
    const { payload, headers } = multipart(files, fields);
    return call(app, 'POST', `/api/chat/channels/${channelId}/messages`, {
      ...auth(session),
      headers,
      body: payload,
    });
  }

  it('stores photos (re-encoded) and PDFs checked by content, lists them, and serves them to the company only', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const photo = await makeImage({ format: 'png' });
    const response = await postFiles(
      owner,
      general._id,
      [
        { field: 'files', filename: 'leak photo.png', contentType: 'image/png', data: photo },
        { field: 'files', filename: 'quote.pdf', contentType: 'application/pdf', data: PDF },
      ],
      { body: 'Leak in B-12, quote attached' },
    );
    expect(response.statusCode).toBe(201);
    const message = response.json<{ data: ChatMessageDto }>().data;
    expect(message.body).toBe('Leak in B-12, quote attached');
    expect(message.attachments.map((file) => [file.kind, file.mimeType, file.fileName])).toEqual([
      ['image', 'image/png', 'leak_photo.png'],
      ['pdf', 'application/pdf', 'quote.pdf'],
    ]);
    const [image, pdf] = message.attachments;
    expect(image!.url).toMatch(
      new RegExp(`^/uploads/chat/${owner.companyId}/${general._id}/[0-9a-f-]+\\.png\\?exp=\\d+&sig=`),
    );

    // Listed with the message, newest first.
    const page = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(manager));
    const listed = page.json<{ data: ChatMessageDto[] }>().data.find((item) => item._id === message._id);
    expect(listed?.attachments.map((file) => file._id)).toEqual(message.attachments.map((file) => file._id));

    // The signed link works; without it a member's session works and everybody else is refused.
    const signed = await call(app, 'GET', image!.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    const plain = pdf!.url.split('?')[0]!;
    expect((await call(app, 'GET', plain, { token: manager.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', plain)).statusCode).toBe(401);
    expect((await call(app, 'GET', plain, { token: stranger.token })).statusCode).toBe(403);
    const tenant = await signUp(app);
    expect((await call(app, 'GET', plain, { token: tenant.token })).statusCode).toBe(403);
    // The photo's signature does not open the PDF.
    const forged = `${plain}?${image!.url.split('?')[1]}`;
    expect((await call(app, 'GET', forged)).statusCode).toBe(403);
  });

  it('keeps files of a private channel to its members', async () => {
    const created = await createChannel(owner, { name: 'files-private', isPrivate: true });
    const channel = created.json<{ data: ChatChannelDto }>().data;
    const response = await postFiles(owner, channel._id, [
      { field: 'files', filename: 'plan.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    expect(response.statusCode).toBe(201);
    const message = response.json<{ data: ChatMessageDto }>().data;
    expect(message.body).toBe('');
    const plain = message.attachments[0]!.url.split('?')[0]!;
    expect((await call(app, 'GET', plain, { token: owner.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', plain, { token: manager.token })).statusCode).toBe(403);
    expect(
      (
        await postFiles(manager, channel._id, [
          { field: 'files', filename: 'x.pdf', contentType: 'application/pdf', data: PDF },
        ])
      ).statusCode,
    ).toBe(404);

    // Deleting the message removes its files.
    expect((await call(app, 'DELETE', `/api/chat/messages/${message._id}`, auth(owner))).statusCode).toBe(
      200,
    );
    expect((await call(app, 'GET', plain, { token: owner.token })).statusCode).toBe(404);
  });

  it('refuses files that are not photos, videos or PDFs, empty messages and foreign file fields', async () => {
    const general = (await channels(owner)).find((channel) => channel.name === 'general')!;
    const before = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(owner));
    const script = await postFiles(
      owner,
      general._id,
      [
        {
          field: 'files',
          filename: 'photo.png',
          contentType: 'image/png',
          data: Buffer.from('<script>alert(1)</script>'),
        },
      ],
      { body: 'not a photo' },
    );
    expect(script.statusCode).toBe(415);
    expect(script.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const empty = await postFiles(owner, general._id, [], { body: '   ' });
    expect(empty.statusCode).toBe(400);
    const json = await call(app, 'POST', `/api/chat/channels/${general._id}/messages`, {
      ...auth(owner),
      body: { body: '' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('Write a message');
    const field = await postFiles(owner, general._id, [
      { field: 'media', filename: 'quote.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    expect(field.statusCode).toBe(400);
    const six = await postFiles(
      owner,
      general._id,
      Array.from({ length: 6 }, (_, index) => ({
        field: 'files',
        filename: `q${index}.pdf`,
        contentType: 'application/pdf',
        data: PDF,
      })),
    );
    expect(six.statusCode).toBe(413);
    const after = await call(app, 'GET', `/api/chat/channels/${general._id}/messages`, auth(owner));
    expect(after.json<{ data: ChatMessageDto[] }>().data[0]?._id).toBe(
      before.json<{ data: ChatMessageDto[] }>().data[0]?._id,
    );
  });
});
