import type { UserDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { UserRow } from './auth.repo';

/** The public view of an account: never a password hash or token. */
export function toUserDto(user: Omit<UserRow, 'passwordHash'> & { passwordHash?: string }): UserDto {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    avatar: user.avatar,
    role: user.role,
    subRole: user.subRole,
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    lastLoginAt: isoOrNull(user.lastLoginAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}
