import type { InvitationDto, InvitationStatus } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { InvitationRow, InvitationWithInviter } from './invitations.repo';

/** Pending past its expiry reads as expired. */
export function effectiveStatus(invitation: InvitationRow, now = new Date()): InvitationStatus {
  if (invitation.status === 'pending' && invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return invitation.status;
}

export function toInvitationDto({ invitation, inviter }: InvitationWithInviter): InvitationDto {
  return {
    _id: invitation.id,
    companyId: invitation.companyId,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    role: invitation.role,
    designation: invitation.designation,
    department: invitation.department,
    status: effectiveStatus(invitation),
    expiresAt: iso(invitation.expiresAt),
    invitedBy: inviter
      ? { _id: inviter.id, firstName: inviter.firstName, lastName: inviter.lastName, email: inviter.email }
      : null,
    respondedAt: isoOrNull(invitation.respondedAt),
    sentCount: invitation.sentCount,
    lastSentAt: iso(invitation.lastSentAt),
    createdAt: iso(invitation.createdAt),
    updatedAt: iso(invitation.updatedAt),
  };
}
