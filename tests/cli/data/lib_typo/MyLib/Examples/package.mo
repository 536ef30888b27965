within MyLib;
package Examples "Models to simulate"
  extends Modelica.Icons.ExamplesPackage;
end Examples;
