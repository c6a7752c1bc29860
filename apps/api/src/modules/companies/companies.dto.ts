import type { CompanyDto, CompanyUserDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { CompanyWithPlan, MemberWithUser } from './companies.repo';

export function toCompanyDto({ company, planName, planSlug }: CompanyWithPlan): CompanyDto {
  return {
    _id: company.id,
    name: company.name,
    slug: company.slug,
    email: company.email,
    phone: company.phone,
    website: company.website,
    description: company.description,
    logo: company.logo,
    address: company.address,
    timeZone: company.timeZone,
    ownerId: company.ownerId,
    plan:
      company.planId && planName && planSlug ? { _id: company.planId, name: planName, slug: planSlug } : null,
    subscription: {
      status: company.subscriptionStatus,
      billingCycle: company.billingCycle,
      currentPeriodStart: iso(company.currentPeriodStart),
      currentPeriodEnd: iso(company.currentPeriodEnd),
      cancelAtPeriodEnd: company.cancelAtPeriodEnd,
    },
    featuresList: company.featuresList,
    limitations: company.limitations,
    usage: {
      properties: company.usageProperties,
      users: company.usageUsers,
      rentalUnits: company.usageRentalUnits,
    },
    isVerified: company.isVerified,
    verificationNotes: company.verificationNotes,
    verifiedAt: isoOrNull(company.verifiedAt),
    isActive: company.isActive,
    createdAt: iso(company.createdAt),
    updatedAt: iso(company.updatedAt),
  };
}

export function toCompanyUserDto({ member, user }: MemberWithUser): CompanyUserDto {
  return {
    _id: member.id,
    companyId: member.companyId,
    userId: member.userId,
    user: {
      _id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar: user.avatar,
      phone: user.phone,
    },
    role: member.role,
    featurePermissions: member.featurePermissions,
    permissions: member.permissions,
    isActive: member.isActive,
    designation: member.designation,
    department: member.department,
    joinedAt: iso(member.joinedAt),
    createdAt: iso(member.createdAt),
    updatedAt: iso(member.updatedAt),
  };
}
