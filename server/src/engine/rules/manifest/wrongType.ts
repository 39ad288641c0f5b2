import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('manifest');

export { wrongTypeDecision as decision } from '../shapeRules';
