/**
 * Uploads the avatar: POST /user/v5/sysuser/uploadFavicon?utoken=… as
 * multipart/form-data with one part `file` (not an envelope call); the answer
 * is `{code, msg, bizData:{favicon}}` in clear. XMLHttpRequest reports the
 * upload progress. Afterwards the header's user info is loaded again.
 */

import { ApiError } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import { type TAvatarResponse, ZAvatarResponse } from '@ac/protocol/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callUrl } from '@/lib/api/api-client';
import { invalidateCall } from '@/lib/api/use-call';

export type UploadAvatarInput = { file: Blob; fileName: string; onProgress?: (percent: number) => void };

export function fetchUploadAvatar({ file, fileName, onProgress }: UploadAvatarInput): Promise<TAvatarResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', callUrl(httpPaths.avatarUploads[0]));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(Code.requestFailed, 'Upload failed', 0));
    xhr.onload = () => {
      let answer: { code?: unknown; msg?: unknown; bizData?: unknown } = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        // not JSON: a transport failure below
      }
      const code = typeof answer.code === 'string' ? answer.code : Code.requestFailed;
      const msg = typeof answer.msg === 'string' ? answer.msg : `HTTP ${xhr.status}`;
      if (code !== Code.ok) reject(new ApiError(code, msg, xhr.status));
      else resolve(ZAvatarResponse.parse(answer.bizData));
    };
    const body = new FormData();
    body.append('file', file, fileName);
    xhr.send(body);
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchUploadAvatar,
    onSuccess: () => invalidateCall(queryClient, calls.profile.getUserDetail, calls.session.userInfo),
  });
}
