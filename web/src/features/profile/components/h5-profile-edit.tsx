/** The mobile edit form: nickname, location, company and position. */
import { calls } from '@ac/protocol/calls';
import type { TUserDetail } from '@ac/protocol/profile';
import { Button, Form, Input, Picker, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';
import { countryNamer, countryOptions } from '@/lib/format/country';
import { useDictionary } from '@/lib/session/dictionary';

type Values = { nickName: string; company?: string; position?: string };

export function H5ProfileEdit({ detail, onDone }: { detail: TUserDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  const update = useCallMutation(calls.profile.update, {
    invalidates: [calls.profile.getUserDetail, calls.session.userInfo],
  });
  const dictionary = useDictionary();
  const [location, setLocation] = useState(detail.location ?? '');
  const [pickerOpen, setPickerOpen] = useState(false);
  const columns = useMemo(
    () => [
      [
        { value: '', label: t('profile.noLocation') },
        ...countryOptions(dictionary.data?.countries ?? [], i18n.language),
      ],
    ],
    [dictionary.data, i18n.language, t],
  );
  const name = countryNamer(i18n.language);

  const submit = (v: Values) =>
    update.mutate(
      { nickName: v.nickName.trim(), location, company: v.company?.trim() ?? '', position: v.position?.trim() ?? '' },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('profile.saved') });
          onDone();
        },
        onError: (error) => Toast.show({ icon: 'fail', content: errorText(error) }),
      },
    );

  return (
    <Form
      layout="horizontal"
      initialValues={{ nickName: detail.nickName, company: detail.company ?? '', position: detail.position ?? '' }}
      onFinish={submit}
      footer={
        <div style={{ display: 'flex', gap: 12 }}>
          <Button block onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button block type="submit" color="primary" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </div>
      }
    >
      <Form.Item
        name="nickName"
        label={t('profile.nickname')}
        rules={[{ required: true, whitespace: true, message: t('profile.nicknameRequired') }]}
      >
        <Input maxLength={64} aria-label={t('profile.nickname')} />
      </Form.Item>
      <Form.Item label={t('profile.location')} onClick={() => setPickerOpen(true)} arrowIcon>
        <span data-testid="h5-location">{location ? name(location) : t('profile.noLocation')}</span>
      </Form.Item>
      <Form.Item name="company" label={t('profile.company')}>
        <Input maxLength={128} aria-label={t('profile.company')} />
      </Form.Item>
      <Form.Item name="position" label={t('profile.position')}>
        <Input maxLength={64} aria-label={t('profile.position')} />
      </Form.Item>
      <Picker
        columns={columns}
        visible={pickerOpen}
        value={[location]}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value) => setLocation(String(value[0] ?? ''))}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
    </Form>
  );
}
