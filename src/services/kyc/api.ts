import { call, download } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type { AdminKyc, AdminKycPage, AdminKycQuery, KycSubmission, MyKyc } from '../../contract/kyc.ts';
import type { KycImageKind } from '../../contract/kycRules.ts';
import type { KycRequest } from '../../machines/kyc/kycForm.ts';

export type { AdminKyc, KycSubmission, MyKyc };
export type KycQuery = AdminKycQuery;
const P = '/swx/customer/user/identification';
const A = '/admin-api/kyc';

/** Identity verification calls (docs/kyc.md): the user's own, and the operators'. */
export const kycApi = {
  mine: (signal?: AbortSignal) => call<MyKyc>(P, { signal }),
  /** multipart: the typed fields, then the images (a passport's back is never sent); `update` for a verified person */
  submit: (r: KycRequest, onProgress: (fraction: number) => void, signal?: AbortSignal, update = false) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(r.values)) form.append(k, v.trim());
    // a verified person's changed data: back to review (refused for anyone else)
    if (update) form.append('update', 'true');
    for (const [kind, img] of Object.entries(r.images)) {
      if (!img || (kind === 'back' && r.values.documentType === 'passport')) continue;
      form.append(kind, img as unknown as Blob, kind === 'signature' ? 'signature.png' : (img as unknown as File).name || kind);
    }
    return call<KycSubmission>(P, { method: 'POST', body: form, signal, onUploadProgress: onProgress });
  },
  /** one image with the token header, as a blob shown through an object URL (owner or operator) */
  image: (url: string, signal?: AbortSignal) => download(url, { signal }),
  /** the queue: status, customer, age, sorted by age with keyset pages (`after`) */
  queue: (q: KycQuery, signal?: AbortSignal) => call<AdminKycPage>(A, { query: q, signal }),
  detail: (id: string, signal?: AbortSignal) => call<AdminKyc>(`${A}/${encodeURIComponent(id)}`, { signal }),
};
export type { KycImageKind };
