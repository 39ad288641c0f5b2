import { genericRequired } from '../shapeRules';

export const requiredRule = genericRequired('settings');
