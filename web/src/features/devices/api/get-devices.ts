/** My devices and whether each is bound: /user/v5/device/list, paged. */
import type { TList, TListRequest } from '@ac/protocol/common';
import { type TDeviceRow, ZDeviceList } from '@ac/protocol/devices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const DEVICE_LIST_PATH = '/user/v5/device/list';

export async function fetchDevices(params: TListRequest): Promise<TList<TDeviceRow>> {
  return ZDeviceList.parse(await request(DEVICE_LIST_PATH, params));
}

export const devicesQueryOptions = (params: TListRequest) =>
  queryOptions({
    queryKey: ['devices', 'list', params],
    queryFn: () => fetchDevices(params),
    placeholderData: keepPreviousData,
  });

export function useDevices(params: TListRequest) {
  return useQuery(devicesQueryOptions(params));
}
