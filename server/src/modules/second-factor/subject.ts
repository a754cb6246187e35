/**
 * Whose second factors: a member (users.id) or a staff account of the
 * operator console (docs/decisions/0036-two-factor.md).
 */
export type SubjectKind = 'member' | 'staff';
export type Subject = { kind: SubjectKind; id: string };

export const member = (userId: string): Subject => ({ kind: 'member', id: userId });
