// Fixture: something two features use lives in shared/.
export const heartIcon = '♥';
