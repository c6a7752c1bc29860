import type { PropertyCreateInput, PropertyDto } from '@rentora/shared';
import type { FieldPath } from 'react-hook-form';

export type FormValues = PropertyCreateInput;

export type Path = FieldPath<FormValues>;

/** A property as the form's starting values (edit). */
export function formValuesOf(property: PropertyDto): FormValues {
  return {
    name: property.name,
    propertyType: property.propertyType,
    description: property.description,
    address: { ...property.address },
    amenities: [...property.amenities],
    ownerContact: property.ownerContact ? { ...property.ownerContact } : null,
    managerContact: property.managerContact ? { ...property.managerContact } : null,
    totalFloors: property.totalFloors,
    yearBuilt: property.yearBuilt,
    isListed: property.isListed,
  };
}

export const nullableNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

export const nullableText = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
