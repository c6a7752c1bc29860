import type { CompanyUserGoalDto, CompanyUserNoteDto, CompanyUserSummaryDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { MemberWithUser } from '../../core/members';
import type { GoalRow, NoteRow } from './company-users.repo';

export function toSummaryDto({ member, user }: MemberWithUser): CompanyUserSummaryDto {
  return {
    _id: member.id,
    userId: member.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar,
    role: member.role,
    designation: member.designation,
    department: member.department,
  };
}

export function toGoalDto(goal: GoalRow): CompanyUserGoalDto {
  return {
    _id: goal.id,
    companyUserId: goal.companyUserId,
    title: goal.title,
    description: goal.description,
    targetValue: goal.targetValue,
    currentValue: goal.currentValue,
    unit: goal.unit,
    dueDate: isoOrNull(goal.dueDate),
    status: goal.status,
    createdAt: iso(goal.createdAt),
    updatedAt: iso(goal.updatedAt),
  };
}

export function toNoteDto({
  note,
  author,
}: {
  note: NoteRow;
  author: { id: string; firstName: string; lastName: string } | null;
}): CompanyUserNoteDto {
  return {
    _id: note.id,
    companyUserId: note.companyUserId,
    content: note.content,
    author: author ? { _id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
    createdAt: iso(note.createdAt),
  };
}
