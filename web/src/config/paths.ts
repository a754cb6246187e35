/**
 * Every path of the app, named once (docs/product.md#routes). Paths are inside the base
 * path (/account/secure or /secure), which the router adds.
 */
const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  loginCallback: {
    path: '/login/callback/:type',
    getHref: (type: string) => `/login/callback/${encodeURIComponent(type)}`,
  },
  // main shell
  products: fixed('/products'),
  orderPro: fixed('/order/pro'),
  myExchange: fixed('/myExchange'),
  myCoupons: fixed('/myCoupons'),
  redeemCode: fixed('/redeemcode'),
  redeemCodePro: fixed('/redeemcode/pro'),
  redeemCodeOrder: fixed('/redeemcode/order'),
  devices: fixed('/devices'),
  enterprise: fixed('/enterprise'),
  enterpriseJoin: {
    path: '/enterprise/join/:token',
    getHref: (token: string) => `/enterprise/join/${encodeURIComponent(token)}`,
  },
  profile: fixed('/profile'),
  changePassword: fixed('/change_pwd'),
  security: fixed('/security'),
  activity: fixed('/activity'),
  device: fixed('/device'),
  thirdBind: fixed('/third_bind'),
  thirdBindCallback: {
    path: '/third_bind/callback/:type',
    getHref: (type: string) => `/third_bind/callback/${encodeURIComponent(type)}`,
  },
  logoff: fixed('/logoff'),
  orders: fixed('/order'),
  detailsInfo: fixed('/details_info'),
  education: fixed('/education'),
  job: fixed('/job'),
  identityAuth: fixed('/auth'),
  cash: fixed('/cash'),
  invoiceManage: fixed('/invoice_manage'),
  // China invoice area
  invoice: fixed('/invoice'),
  invoiceOrder: fixed('/invoice/order'),
  invoiceCreate: fixed('/invoice/create'),
  invoiceTitle: fixed('/invoice/title'),
  invoiceAddTitle: fixed('/invoice/addTitle'),
  invoiceRecord: fixed('/invoice/record'),
  invoiceDetail: fixed('/invoice/detail'),
  invoiceBook: fixed('/invoice/book'),
  invoiceNotice: fixed('/invoice/notice'),
  invoiceReCreate: fixed('/invoice/reCreate'),
  // outside the shell
  logoffProtocol: fixed('/logoff_protocol'),
  vipConfirm: fixed('/vip_confirm'),
  register: fixed('/register'),
  registerMailVerify: fixed('/register/mail_verify'),
  toActivate: { path: '/toactivate/:id', getHref: (id: string) => `/toactivate/${encodeURIComponent(id)}` },
  thirdGetCode: { path: '/:type/getCode', getHref: (type: string) => `/${encodeURIComponent(type)}/getCode` },
  passwordFind: fixed('/password/find'),
  passwordMailVerify: fixed('/password/mail_verify'),
  passwordReset: { path: '/password/reset/:id', getHref: (id: string) => `/password/reset/${encodeURIComponent(id)}` },
  // mobile shell
  h5: fixed('/h5'),
  h5Profile: fixed('/h5/profile'),
  h5Devices: fixed('/h5/devices'),
  h5Security: fixed('/h5/security'),
  h5Activity: fixed('/h5/activity'),
  h5Products: fixed('/h5/products'),
  h5Device: fixed('/h5/device'),
  h5FindPwd: fixed('/h5/findPwd'),
  h5Register: fixed('/h5/register'),
  h5RegisterProtocol: fixed('/h5/register/protocol'),
  h5PasswordMailVerify: fixed('/h5/password/mail_verify'),
  h5Reset: { path: '/h5/reset/:id', getHref: (id: string) => `/h5/reset/${encodeURIComponent(id)}` },
  // overseas site pages
  siteRegister: fixed('/site/register'),
  sitePasswordFind: fixed('/site/password/find'),
  siteRegisterMailVerify: fixed('/site/register/mail_verify'),
  sitePasswordReset: {
    path: '/site/password/reset/:id',
    getHref: (id: string) => `/site/password/reset/${encodeURIComponent(id)}`,
  },
  siteJumpNode: fixed('/site/jump_node'),
  siteActivateSuccess: fixed('/site/activate_success'),
  notFound: fixed('*'),
} as const;

export type PathName = keyof typeof paths;
