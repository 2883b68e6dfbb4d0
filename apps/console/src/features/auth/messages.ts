// Texts of the auth feature (sign-in, check codes, password reset, store status/type names).
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
        byPassword: '使用用户名和密码登录',
        byCheckCode: '使用手机短信验证码登录',
        useCheckCode: '短信验证码登录',
        usePassword: '密码登录',
        forgot: '忘记密码？',
      },
      checkCode: {
        mobile: '手机号',
        code: '短信验证码',
        sent: '验证码已发送',
      },
      forgot: {
        title: '找回密码',
        newPassword: '新密码',
        confirmPassword: '确认新密码',
        submit: '重置密码',
        sentTo: '验证码已发送至 {{mobile}}',
        failed: '重置密码失败，请重试',
      },
      resetSuccess: {
        title: '密码重置成功',
        heading: '密码已重置',
        body: '请使用新密码重新登录。其他设备上的登录已失效。',
        toLogin: '去登录',
      },
      validation: {
        mobileRequired: '请输入手机号',
        mobileFormat: '手机号格式错误',
      },
      errors: {
        rolesRequired: '角色必须是非空数组',
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
        byPassword: 'with your username and password',
        byCheckCode: 'with an SMS check code to your mobile',
        useCheckCode: 'Sign in with an SMS check code',
        usePassword: 'Sign in with a password',
        forgot: 'Forgot password?',
      },
      checkCode: {
        mobile: 'Mobile number',
        code: 'SMS check code',
        sent: 'the check code was sent',
      },
      forgot: {
        title: 'Reset your password',
        newPassword: 'New password',
        confirmPassword: 'Confirm the new password',
        submit: 'Reset password',
        sentTo: 'the check code was sent to {{mobile}}',
        failed: 'the password could not be reset, please retry',
      },
      resetSuccess: {
        title: 'Password reset',
        heading: 'Your password was reset',
        body: 'Sign in with your new password. Sign-ins on other devices were ended.',
        toLogin: 'Go to sign-in',
      },
      validation: {
        mobileRequired: 'please enter the mobile number',
        mobileFormat: 'phone number format error',
      },
      errors: {
        rolesRequired: 'roles must be a non-empty array',
      },
    },
  },
};
