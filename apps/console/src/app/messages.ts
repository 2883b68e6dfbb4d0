// App-wide texts: site title, transport reactions (§8), generic states.
export const appMessages = {
  'zh-CN': {
    app: {
      siteTitle: '商家服务平台',
      loading: '加载中…',
      requestTimedOut: '请求超时',
      identityFailed: '身份验证失败，请重新登录，如持续出现请联系管理员',
      close: '关闭',
      captcha: {
        title: '请完成图形验证',
        codeLabel: '验证码',
        codeRequired: '请输入验证码',
        codeFormat: '验证码只能包含字母、数字、点和斜杠',
        imageAlt: '图形验证码',
        another: '看不清？换一张',
        cancel: '取消',
        confirm: '确定',
        succeeded: '验证成功',
      },
    },
    // Message keys of @merchant/secure-transport (its MessageKeys).
    secureTransport: {
      requestTimedOut: '请求超时',
      networkError: '网络错误，请重试',
      forgedResponse: '响应未通过安全校验',
      asyncTaskNoData: '未获取到数据',
      asyncTaskMaxRetries: '任务未能按时完成，请稍后重试',
    },
  },
  'en-US': {
    app: {
      siteTitle: 'Merchant Service Platform',
      loading: 'Loading…',
      requestTimedOut: 'request timed out',
      identityFailed: 'authentication failed, please sign in again, contact the administrator if it persists',
      close: 'Close',
      captcha: {
        title: 'Graphic verification',
        codeLabel: 'Verification code',
        codeRequired: 'please enter the verification code',
        codeFormat: 'only letters, digits, dot and slash are allowed',
        imageAlt: 'verification image',
        another: 'get another image',
        cancel: 'Cancel',
        confirm: 'Confirm',
        succeeded: 'verification succeeded',
      },
    },
    secureTransport: {
      requestTimedOut: 'request timed out',
      networkError: 'network error, please retry',
      forgedResponse: 'the response failed its security check',
      asyncTaskNoData: 'no data obtained',
      asyncTaskMaxRetries: 'the task did not finish in time, please retry later',
    },
  },
};
