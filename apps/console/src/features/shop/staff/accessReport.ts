// The effective-access report's facts (issue 26 §4, beyond the spec): for each code, why the account holds it or
// not, the menu screens it opens (walked from the console's own route manifest, with the store's storeType rules
// and every code a screen's groups need as well), and the server calls that check it (from the contracts).
import { allEndpoints, STAFF_STATUS, type PermissionCode } from '@merchant/api-contracts';
import { isAllowedForStoreType, joinPaths, type ManifestRoute } from '../../../routes/routeHandle';
import type { EffectiveAccess } from './api';

/** A menu screen that needs at least one code. */
export interface CodedScreen {
  path: string;
  titleKey: string;
  /** Every code the screen needs: its groups' and its own. */
  needs: readonly string[];
}

/**
 * The menu screens of the manifest that need a code, for a store of this type: a screen the store's type never
 * sees (§6 storeType rules) is no screen of this store; hidden routes and addresses with parameters are left out
 * (they open from a screen, not the menu).
 */
export function codedScreens(routes: readonly ManifestRoute[], storeType: number | null | undefined, parentPath = '', parentNeeds: readonly string[] = []): CodedScreen[] {
  return routes.flatMap((route) => {
    const handle = route.handle;
    if (route.index || handle?.hidden || !isAllowedForStoreType(handle, storeType)) return [];
    const path = joinPaths(parentPath, route.path);
    const needs = handle?.permission ? [...parentNeeds, handle.permission] : parentNeeds;
    const addressable = !/[:*]/.test(path);
    const own = handle?.title && handle.permission && addressable && (route.lazy || route.element) ? [{ path, titleKey: handle.title, needs }] : [];
    return [...own, ...codedScreens(route.children ?? [], storeType, path, needs)];
  });
}

export type CodeReason = { kind: 'disabled' } | { kind: 'owner' } | { kind: 'roles'; roles: string[] } | { kind: 'noRole' };

export function codeReason(access: EffectiveAccess, entry: EffectiveAccess['codes'][number]): CodeReason {
  if (access.account.status === STAFF_STATUS.disabled) return { kind: 'disabled' };
  if (access.account.owner) return { kind: 'owner' };
  if (entry.held) return { kind: 'roles', roles: entry.grantedBy.map((role) => role.name) };
  return { kind: 'noRole' };
}

export interface AccessSummary {
  held: ReadonlySet<string>;
  /** Screens the account can open, and those it cannot. */
  open: CodedScreen[];
  closed: CodedScreen[];
}

export function accessSummary(access: EffectiveAccess, screens: readonly CodedScreen[]): AccessSummary {
  const held = new Set<string>(access.codes.filter((entry) => entry.held).map((entry) => entry.code));
  const opens = (screen: CodedScreen) => screen.needs.every((code) => held.has(code));
  return { held, open: screens.filter(opens), closed: screens.filter((screen) => !opens(screen)) };
}

/** The contract calls that check `code` (their path's last segments, as a merchant's support reads them). */
export function callsCheckingCode(code: PermissionCode): string[] {
  return allEndpoints.filter((endpoint) => endpoint.permission === code).map((endpoint) => endpoint.path.split('/').slice(-2).join('/'));
}
