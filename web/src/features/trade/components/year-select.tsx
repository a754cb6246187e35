/** A year (this year back to 1970), searchable by typing it. */
import { Select, type SelectProps } from 'antd';
import { yearSelectOptions } from './trade-options';

export function YearSelect(props: Omit<SelectProps<number>, 'options'>) {
  return <Select<number> options={yearSelectOptions()} showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
