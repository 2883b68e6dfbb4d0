// Addresses of the staff screens (issue 26 §4): the accounts, the roles, and one account's effective access.
export const STAFF_PATHS = {
  staff: '/shop/accountMgmt/staff',
  roles: '/shop/accountMgmt/roles',
  access: (userId: number) => `/shop/accountMgmt/staff/${userId}/access`,
} as const;
