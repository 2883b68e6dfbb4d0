// Texts of the settlement account screens (issue 26 §2: /shop/settlement and /shop/settlement/edit).
export const shopSettlementMessages = {
  'zh-CN': {
    shopSettlement: {
      menu: { view: '结算账户', edit: '修改结算账户' },
      view: {
        heading: '结算账户',
        intro: '店铺的提现打入此银行账户。卡号仅显示后 4 位。',
        change: '修改结算账户',
        bind: '绑定结算账户',
        none: '尚未绑定结算账户，绑定后才能提现。',
        paused: '结算账户已变更，提现暂停至 {{time}}。',
        field: { bank: '开户银行', cardNumber: '银行卡号', accountName: '开户名', branchName: '开户支行', updateTime: '最近变更时间' },
      },
      edit: {
        heading: '修改结算账户',
        bindHeading: '绑定结算账户',
        intro: '需要验证支付密码和发送到店铺绑定手机 {{mobile}} 的验证码。',
        pauseWarning: '变更开户银行、卡号或开户名后，24 小时内暂停提现。',
        submit: '确认修改',
        cancel: '取消',
        saved: '结算账户已修改',
        noPayPassword: '修改结算账户需要支付密码，请先设置支付密码。',
        goSetPayPassword: '去设置',
        field: { bank: '开户银行', cardNumber: '银行卡号', accountName: '开户名', branchName: '开户支行', payPassword: '支付密码', checkCode: '验证码' },
        cardNumberHint: '12–19 位数字，可带空格',
        checkCodeHint: '验证码发送到店铺绑定手机',
      },
    },
  },
  'en-US': {
    shopSettlement: {
      menu: { view: 'Settlement account', edit: 'Change settlement account' },
      view: {
        heading: 'Settlement account',
        intro: "The shop's withdrawals are paid into this bank account. Only the card's last 4 digits are shown.",
        change: 'Change settlement account',
        bind: 'Bind settlement account',
        none: 'No settlement account is bound yet. Bind one to withdraw money.',
        paused: 'The settlement account was changed: withdrawals are paused until {{time}}.',
        field: { bank: 'Bank', cardNumber: 'Card number', accountName: 'Account holder', branchName: 'Branch', updateTime: 'Last changed' },
      },
      edit: {
        heading: 'Change settlement account',
        bindHeading: 'Bind settlement account',
        intro: "Needs your pay password and a check code sent to the store's mobile {{mobile}}.",
        pauseWarning: 'After a change of bank, card number or account holder, withdrawals pause for 24 hours.',
        submit: 'Confirm change',
        cancel: 'Cancel',
        saved: 'Settlement account changed',
        noPayPassword: 'Changing the settlement account needs a pay password. Please set one first.',
        goSetPayPassword: 'Set it',
        field: { bank: 'Bank', cardNumber: 'Card number', accountName: 'Account holder', branchName: 'Branch', payPassword: 'Pay password', checkCode: 'Check code' },
        cardNumberHint: '12–19 digits, spaces allowed',
        checkCodeHint: "The code goes to the store's bound mobile",
      },
    },
  },
} as const;
