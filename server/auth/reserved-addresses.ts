// Addresses no one may sign up with or change to: the domain StudyNest gives an erased account
// (`deleted-<id>@deleted.invalid`, server/features/my-data), so that no one can hold the address
// an erasure is about to write. Only `.invalid` (RFC 6761: never resolves, so no real mailbox is
// refused); `.test`, `.example` and `.localhost` stay open (demo accounts, tests, local setups).
// docs/decisions/035-verified-admin-and-reserved-addresses.md.

/** Whether `email`'s domain is `invalid` or under it, in any case, with or without a final dot. */
export function isReservedEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
  return domain === 'invalid' || domain.endsWith('.invalid');
}
