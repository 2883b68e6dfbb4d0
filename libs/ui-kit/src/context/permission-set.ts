// The codes a user holds, as ui-kit's components ask about them. Internal: ui-kit (published) cannot
// import the apps' contracts library, whose `hasPermission(granted, required)` is the one exported rule
// (docs/decisions/0010-code-tables-and-formatters.md); this is only the membership test behind `has`.

export interface PermissionSet {
  readonly codes: ReadonlySet<string>;
  /** True when nothing is required or the required code is held (console-spec §6). */
  has(required: string | undefined): boolean;
}

export function permissionSetOf(codes: Iterable<string>): PermissionSet {
  const held = new Set(codes);
  return { codes: held, has: (required) => !required || held.has(required) };
}
