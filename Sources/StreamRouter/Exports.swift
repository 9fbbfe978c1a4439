@_exported import AsyncObservables
