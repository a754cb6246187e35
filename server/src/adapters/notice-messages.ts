/**
 * Localised security notices (DESIGN §9: sensitive changes send a notice):
 * email / mobile changed (to the old address), password changed, a
 * third-party login removed, account deleted. French uses the English text
 * (SPEC §1). No notice carries a code, a token or the new address.
 */
import type { TLanguage } from '@ac/protocol/enums';

export type NoticeText = { subject: string; text: string };

type Texts = {
  email: string;
  mobile: string;
  contactSubject: string;
  contact: (what: string) => string;
  passwordSubject: string;
  password: string;
  unboundSubject: string;
  unbound: (provider: string) => string;
  deletedSubject: string;
  deleted: string;
};

const en: Texts = {
  email: 'email address',
  mobile: 'mobile number',
  contactSubject: 'Your account details were changed',
  contact: (w) =>
    `The ${w} of your account was changed and this one is no longer used to sign in. If you did not do this, reset your password and contact support at once.`,
  passwordSubject: 'Your password was changed',
  password:
    'The password of your account was changed and your other sessions were signed out. If you did not do this, reset your password at once.',
  unboundSubject: 'A sign-in method was removed',
  unbound: (p) => `The ${p} login was removed from your account. If you did not do this, reset your password at once.`,
  deletedSubject: 'Your account was deleted',
  deleted: 'Your account and its personal data were deleted as you asked. This address can be used to register again.',
};

const texts: Record<TLanguage, Texts> = {
  'zh-CN': {
    email: '邮箱',
    mobile: '手机号',
    contactSubject: '您的账号信息已修改',
    contact: (w) => `您账号的${w}已修改，此地址不再用于登录。如非本人操作，请立即重置密码并联系客服。`,
    passwordSubject: '您的密码已修改',
    password: '您账号的密码已修改，其他登录会话已退出。如非本人操作，请立即重置密码。',
    unboundSubject: '登录方式已解除',
    unbound: (p) => `您的账号已解除 ${p} 登录。如非本人操作，请立即重置密码。`,
    deletedSubject: '您的账号已注销',
    deleted: '您的账号及个人数据已按您的要求删除。此地址可以重新注册。',
  },
  'zh-TW': {
    email: '信箱',
    mobile: '手機號碼',
    contactSubject: '您的帳號資料已修改',
    contact: (w) => `您帳號的${w}已修改，此地址不再用於登入。如非本人操作，請立即重設密碼並聯絡客服。`,
    passwordSubject: '您的密碼已修改',
    password: '您帳號的密碼已修改，其他登入工作階段已登出。如非本人操作，請立即重設密碼。',
    unboundSubject: '登入方式已解除',
    unbound: (p) => `您的帳號已解除 ${p} 登入。如非本人操作，請立即重設密碼。`,
    deletedSubject: '您的帳號已註銷',
    deleted: '您的帳號及個人資料已依您的要求刪除。此地址可以重新註冊。',
  },
  en,
  fr: en,
  ko: {
    email: '이메일 주소',
    mobile: '휴대폰 번호',
    contactSubject: '계정 정보가 변경되었습니다',
    contact: (w) =>
      `계정의 ${w}가 변경되어 이 주소로는 더 이상 로그인할 수 없습니다. 본인이 아니라면 즉시 비밀번호를 재설정하고 고객 지원에 문의하세요.`,
    passwordSubject: '비밀번호가 변경되었습니다',
    password: '계정 비밀번호가 변경되어 다른 세션은 로그아웃되었습니다. 본인이 아니라면 즉시 비밀번호를 재설정하세요.',
    unboundSubject: '로그인 방법이 해제되었습니다',
    unbound: (p) => `계정에서 ${p} 로그인이 해제되었습니다. 본인이 아니라면 즉시 비밀번호를 재설정하세요.`,
    deletedSubject: '계정이 삭제되었습니다',
    deleted: '요청하신 대로 계정과 개인 정보가 삭제되었습니다. 이 주소로 다시 가입할 수 있습니다.',
  },
  de: {
    email: 'E-Mail-Adresse',
    mobile: 'Mobilnummer',
    contactSubject: 'Ihre Kontodaten wurden geändert',
    contact: (w) =>
      `Die ${w} Ihres Kontos wurde geändert; diese wird nicht mehr zur Anmeldung verwendet. Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Support.`,
    passwordSubject: 'Ihr Passwort wurde geändert',
    password:
      'Das Passwort Ihres Kontos wurde geändert, Ihre anderen Sitzungen wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück.',
    unboundSubject: 'Eine Anmeldemethode wurde entfernt',
    unbound: (p) =>
      `Die Anmeldung mit ${p} wurde von Ihrem Konto entfernt. Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück.`,
    deletedSubject: 'Ihr Konto wurde gelöscht',
    deleted:
      'Ihr Konto und Ihre personenbezogenen Daten wurden wie gewünscht gelöscht. Mit dieser Adresse können Sie sich erneut registrieren.',
  },
  it: {
    email: "l'indirizzo email",
    mobile: 'il numero di cellulare',
    contactSubject: 'I dati del tuo account sono stati modificati',
    contact: (w) =>
      `È stato modificato ${w} del tuo account; questo non viene più usato per accedere. Se non sei stato tu, reimposta subito la password e contatta l'assistenza.`,
    passwordSubject: 'La tua password è stata modificata',
    password:
      'La password del tuo account è stata modificata e le altre sessioni sono state chiuse. Se non sei stato tu, reimposta subito la password.',
    unboundSubject: 'Un metodo di accesso è stato rimosso',
    unbound: (p) =>
      `L'accesso con ${p} è stato rimosso dal tuo account. Se non sei stato tu, reimposta subito la password.`,
    deletedSubject: 'Il tuo account è stato eliminato',
    deleted:
      'Il tuo account e i tuoi dati personali sono stati eliminati come richiesto. Puoi usare questo indirizzo per registrarti di nuovo.',
  },
  es: {
    email: 'dirección de correo',
    mobile: 'número de móvil',
    contactSubject: 'Se han cambiado los datos de tu cuenta',
    contact: (w) =>
      `Se ha cambiado la ${w} de tu cuenta y esta ya no se usa para iniciar sesión. Si no fuiste tú, restablece tu contraseña y contacta con soporte de inmediato.`,
    passwordSubject: 'Se ha cambiado tu contraseña',
    password:
      'Se ha cambiado la contraseña de tu cuenta y se han cerrado tus otras sesiones. Si no fuiste tú, restablece tu contraseña de inmediato.',
    unboundSubject: 'Se ha eliminado un método de inicio de sesión',
    unbound: (p) =>
      `Se ha eliminado el inicio de sesión con ${p} de tu cuenta. Si no fuiste tú, restablece tu contraseña de inmediato.`,
    deletedSubject: 'Tu cuenta ha sido eliminada',
    deleted:
      'Tu cuenta y tus datos personales se han eliminado como pediste. Puedes usar esta dirección para registrarte de nuevo.',
  },
  hu: {
    email: 'e-mail-címe',
    mobile: 'mobilszáma',
    contactSubject: 'Fiókja adatai megváltoztak',
    contact: (w) =>
      `Fiókja ${w} megváltozott, ezzel már nem lehet bejelentkezni. Ha nem Ön volt, azonnal állítsa vissza a jelszavát, és forduljon az ügyfélszolgálathoz.`,
    passwordSubject: 'Jelszava megváltozott',
    password:
      'Fiókja jelszava megváltozott, a többi munkamenetét kijelentkeztettük. Ha nem Ön volt, azonnal állítsa vissza a jelszavát.',
    unboundSubject: 'Egy bejelentkezési mód eltávolítva',
    unbound: (p) =>
      `A(z) ${p} bejelentkezést eltávolítottuk a fiókjából. Ha nem Ön volt, azonnal állítsa vissza a jelszavát.`,
    deletedSubject: 'Fiókját töröltük',
    deleted: 'Kérésére fiókját és személyes adatait töröltük. Ezzel a címmel újra regisztrálhat.',
  },
};

export function contactChangedText(language: TLanguage, kind: 'email' | 'mobile'): NoticeText {
  const t = texts[language];
  return { subject: t.contactSubject, text: t.contact(t[kind]) };
}

export function passwordChangedText(language: TLanguage): NoticeText {
  const t = texts[language];
  return { subject: t.passwordSubject, text: t.password };
}

export function thirdUnboundText(language: TLanguage, provider: string): NoticeText {
  const t = texts[language];
  return { subject: t.unboundSubject, text: t.unbound(provider) };
}

export function accountDeletedText(language: TLanguage): NoticeText {
  const t = texts[language];
  return { subject: t.deletedSubject, text: t.deleted };
}
