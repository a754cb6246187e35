/**
 * Third-party logins (docs/product.md#routes): the region's providers with their bound
 * state; binding sends the browser to the provider, which comes back to
 * /third_bind/callback/<type>; unbinding asks first.
 */
import { calls } from '@ac/protocol/calls';
import { type TThirdPartyType, thirdPartiesByRegion } from '@ac/protocol/enums';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { App, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { getRegion, withBasePath } from '@/lib/app-config';
import { ThirdPartyCard } from '../components/third-party-card';

export function ThirdBindPage() {
  const { t } = useTranslation(['security', 'common']);
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const list = useCall(calls.thirdParty.list, {});
  const bindingUrl = useCallMutation(calls.thirdParty.bindingUrl);
  const unbind = useCallMutation(calls.thirdParty.unbind, { invalidates: [calls.thirdParty.list] });
  const providers = thirdPartiesByRegion[getRegion()];
  const rows = (list.data?.rows ?? []).filter((row) => providers.includes(row.type));

  const bind = (type: TThirdPartyType) =>
    bindingUrl.mutate(
      { type, redirect: withBasePath(paths.thirdBindCallback.getHref(type)) },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => void message.error(errorText(error)),
      },
    );
  const confirmUnbind = (type: TThirdPartyType) =>
    modal.confirm({
      title: t('security.unbindConfirmTitle', { name: thirdPartyNames[type] }),
      content: t('security.unbindConfirmText'),
      okText: t('security.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        unbind.mutateAsync({ type }).then(
          () => void message.success(t('security.unbound', { name: thirdPartyNames[type] })),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  return (
    <>
      <PageHeader title={t('security.thirdBindTitle')} description={t('security.thirdBindDescription')} />
      <QueryErrorAlert query={list} />
      {list.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : null}
      <Flex vertical gap={12} style={{ maxWidth: 720 }} data-testid="third-party-list">
        {rows.map((row) => (
          <ThirdPartyCard
            key={row.type}
            row={row}
            busy={
              (bindingUrl.isPending && bindingUrl.variables?.type === row.type) ||
              (unbind.isPending && unbind.variables?.type === row.type)
            }
            onBind={() => bind(row.type)}
            onUnbind={() => confirmUnbind(row.type)}
          />
        ))}
      </Flex>
    </>
  );
}
