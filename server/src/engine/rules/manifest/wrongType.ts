import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('manifest');
