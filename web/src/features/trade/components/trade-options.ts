/** Select options of the trade forms: years (this year back to 1970, docs/product.md#messages-and-timing), degrees and industries. */
import { EDUCATION_LEVELS, INDUSTRIES } from '@ac/protocol/dictionary';
import { yearOptions } from '@ac/protocol/trade';
import type { TFunction } from 'i18next';

const upperFirst = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

export const degreeKey = (degree: string) => `trade.degree${upperFirst(degree)}`;
export const industryKey = (industry: string) => `trade.industry${upperFirst(industry)}`;

export const yearSelectOptions = () => yearOptions().map((y) => ({ value: y, label: String(y) }));
export const degreeOptions = (t: TFunction) => EDUCATION_LEVELS.map((d) => ({ value: d, label: t(degreeKey(d)) }));
export const industryOptions = (t: TFunction) => INDUSTRIES.map((i) => ({ value: i, label: t(industryKey(i)) }));
