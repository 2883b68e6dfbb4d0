// The wire shapes of this module live in @merchant/api-contracts (endpoints/pay). Server-only rules:

/** The check-code purposes of the pay password (one code per purpose and mobile). */
export type PayCheckCodePurpose = 'init-pay-password' | 'set-pay-password' | 'check-pay-password';
