// Texts of the auth feature (login, review status, store status/type names).
export const authMessages = {
  'zh-CN': {
    auth: {
      login: {
        title: '登录',
        heading: '商家登录',
        userName: '用户名',
        password: '密码',
        remember: '记住我',
        submit: '登录',
        signingIn: '登录中…',
      },
      validation: {
        userNameRequired: '请输入用户名',
        userNameLength: '用户名长度为 6 到 20 个字符',
        userNameChars: '用户名只能包含字母、数字、下划线和连字符',
        passwordRequired: '请输入密码',
        passwordLength: '密码长度为 8 到 32 个字符',
        passwordLetterDigit: '密码至少包含一个字母和一个数字',
      },
      errors: {
        rolesRequired: '角色必须是非空数组',
      },
      review: {
        title: '审核结果',
        heading: '店铺审核状态',
        statusLabel: '当前状态：{{status}}',
        notEntitled: '店铺审核通过后才能进入商家后台。',
        signedOut: '请先登录以查看店铺审核状态。',
        goToLogin: '去登录',
        switchAccount: '切换账号',
        openConsole: '进入商家后台',
      },
      storeStatus: {
        notSubmitted: '未提交',
        underReview: '审核中',
        approved: '审核通过',
        rejected: '审核驳回',
        disabled: '已禁用',
        unmatched: '未匹配状态',
      },
      storeType: {
        flagship: '旗舰店',
        specialty: '专营店',
        service: '服务店',
        unmatched: '未匹配类型',
      },
    },
  },
  'en-US': {
    auth: {
      login: {
        title: 'Sign in',
        heading: 'Merchant sign-in',
        userName: 'Username',
        password: 'Password',
        remember: 'Remember me',
        submit: 'Sign in',
        signingIn: 'Signing in…',
      },
      validation: {
        userNameRequired: 'please enter the username',
        userNameLength: 'username must be 6 to 20 characters',
        userNameChars: 'username may contain only letters, digits, underscore and hyphen',
        passwordRequired: 'please enter the password',
        passwordLength: 'password must be 8 to 32 characters',
        passwordLetterDigit: 'password must contain at least one letter and one digit',
      },
      errors: {
        rolesRequired: 'roles must be a non-empty array',
      },
      review: {
        title: 'Review result',
        heading: 'Store review status',
        statusLabel: 'Current status: {{status}}',
        notEntitled: 'The merchant console opens once your store has been approved.',
        signedOut: 'Sign in to see the review status of your store.',
        goToLogin: 'Go to sign-in',
        switchAccount: 'Switch account',
        openConsole: 'Open the console',
      },
      storeStatus: {
        notSubmitted: 'not submitted',
        underReview: 'under review',
        approved: 'approved',
        rejected: 'rejected',
        disabled: 'disabled',
        unmatched: 'unmatched status',
      },
      storeType: {
        flagship: 'flagship store',
        specialty: 'specialty store',
        service: 'service store',
        unmatched: 'unmatched type',
      },
    },
  },
};
