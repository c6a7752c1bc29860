// The contact form's validation (zodResolver over the shared lead schema), loaded on demand through lazyResolver.
import { zodResolver } from '@hookform/resolvers/zod';
import { ZLeadCreateBody } from '@rentora/shared';

export const contactResolver = zodResolver(ZLeadCreateBody);
