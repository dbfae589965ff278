import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from './schema.ts';

/** Columns a new account is created with. */
export interface NewUserValues {
  email: string;
  passwordHash: string;
  role?: UserRow['role'];
  nickname?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  emailVerifiedAt?: Date | null;
}

/** Columns that may change after creation. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'passwordHash'
    | 'role'
    | 'nickname'
    | 'firstName'
    | 'lastName'
    | 'avatarUrl'
    | 'emailVerifiedAt'
  >
>;

/** Inserts an account. @returns the stored row @throws the driver error (23505 for a taken e-mail) */
export async function insertUser(db: Database, values: NewUserValues): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** The account with this id (a valid UUID), or undefined. */
export async function selectUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account with this lowercased e-mail, or undefined. */
export async function selectUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The accounts with these ids (valid UUIDs), in no particular order. */
export async function selectUsersByIds(db: Database, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Changes columns and `updated_at`. @returns the row afterwards, or undefined when it is gone */
export async function updateUserRow(
  db: Database,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes an account row (its tokens and follows cascade). @returns whether one was deleted */
export async function deleteUserRow(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
