import { eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/app';
import { signUp } from '../../../test/factories';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { createNotificationsRepo, type NewNotificationValues } from './notifications.repo';

/** Text and JSON that an array literal must quote: braces, commas, quotes, backslashes, NULL, non-ASCII. */
const awkward = {
  title: 'Rent {due}, "now" \\ NULL ₹12,500 — ಬೆಂಗಳೂರು',
  message: 'NULL',
  data: { note: 'a "quoted" \\ back,slash {x}', list: [1, null, 'two'], nested: { empty: '' } },
};

function row(userId: string, overrides: Partial<NewNotificationValues> = {}): NewNotificationValues {
  return {
    id: uuidv7(),
    userId,
    companyId: null,
    category: 'system',
    type: 'test.array-insert',
    title: 'Plain',
    message: 'Plain message',
    link: null,
    priority: 'normal',
    data: null,
    ...overrides,
  };
}

describe('arrayInsert (notifications.insertMany) on the database', () => {
  it('stores every value as drizzle would, awkward text, JSON and nulls included', async () => {
    const { app, database } = await getTestApp();
    const person = await signUp(app);
    const repo = createNotificationsRepo(database.db);
    const values = [
      row(person.user._id, { ...awkward, link: '/dashboard/payments?x=1&y="2"', priority: 'high' }),
      row(person.user._id),
    ];

    const created = await repo.insertMany(values);

    const stored = await database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          values.map((value) => value.id),
        ),
      );
    const byId = new Map(stored.map((each) => [each.id, each]));
    for (const value of values) {
      expect(byId.get(value.id)).toMatchObject({ ...value, status: 'unread', readAt: null });
      expect(byId.get(value.id)?.createdAt).toBeInstanceOf(Date);
    }
    expect(created.find((each) => each.id === values[0]!.id)).toEqual(byId.get(values[0]!.id));
  });

  it('answers every row of the insert, each with its own recipient, and nothing for no values', async () => {
    const { app, database } = await getTestApp();
    const busy = await signUp(app);
    const quiet = await signUp(app);
    const repo = createNotificationsRepo(database.db);
    const values = [row(busy.user._id), row(quiet.user._id), row(busy.user._id)];

    const created = await repo.insertMany(values);

    expect(created.map((each) => [each.id, each.userId]).sort()).toEqual(
      values.map((value) => [value.id, value.userId]).sort(),
    );
    expect(await repo.countUnread(busy.user._id)).toBe(2);
    expect(await repo.insertMany([])).toEqual([]);
  });

  it('leaves out the rows of inactive or unknown accounts and of a kind the recipient turned off in-app', async () => {
    const { app, database } = await getTestApp();
    const muted = await signUp(app);
    const gone = await signUp(app);
    const repo = createNotificationsRepo(database.db);
    await database.db
      .insert(notificationPreferences)
      .values({ userId: muted.user._id, kind: 'billing', inApp: false });
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user._id));
    const silenced = row(muted.user._id, { silencedBy: 'billing' });
    const otherKind = row(muted.user._id, { silencedBy: 'maintenance' });
    const always = row(muted.user._id, { silencedBy: null });
    const inactive = row(gone.user._id);
    const unknown = row(uuidv7());

    const created = await repo.insertMany([silenced, otherKind, inactive, always, unknown]);

    expect(created.map((each) => each.id).sort()).toEqual([otherKind.id, always.id].sort());
    expect(await repo.countUnread(muted.user._id)).toBe(2);
    expect(await repo.countUnread(gone.user._id)).toBe(0);
  });

  it('inserts all rows or none: one bad row (an unknown company) leaves nothing behind', async () => {
    const { app, database } = await getTestApp();
    const person = await signUp(app);
    const repo = createNotificationsRepo(database.db);
    const values = [row(person.user._id), row(person.user._id, { companyId: uuidv7() })];

    await expect(repo.insertMany(values)).rejects.toThrow();

    expect(await repo.countUnread(person.user._id)).toBe(0);
  });
});
