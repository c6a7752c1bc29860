import { companyUsers, users } from '../db/schema';

/** The columns of a company member joined with their account (the companies and company-users modules). */
export const memberColumns = {
  member: companyUsers,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: users.avatar,
    phone: users.phone,
    isActive: users.isActive,
  },
};
export type MemberWithUser = {
  member: typeof companyUsers.$inferSelect;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    avatar: string | null;
    phone: string | null;
    /** The account's own switch (a member of an active membership can still be a deactivated account). */
    isActive: boolean;
  };
};
