// MyLib.Examples.Swing of lib/ with everything in one file: the library loader must build the
// same model from the folders
package MyLib
  import SI = Modelica.Units.SI;
  package Components
    model Arm "A revolute joint carrying a box of length L"
      parameter SI.Length L = 0.5 "length of the box";
      parameter SI.Angle phi0 = 0.3 "start angle";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
      Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = phi0),
        w(fixed = true));
      Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {L, 0, 0}, width = 0.05);
    equation
      connect(frame_a, rev.frame_a);
      connect(rev.frame_b, box.frame_a);
    end Arm;
  end Components;
  package Examples
    model Swing "Two arms in a chain"
      inner Modelica.Mechanics.MultiBody.World world;
      Components.Arm arm1(L = 0.4);
      MyLib.Components.Arm arm2(phi0 = -0.2);
    equation
      connect(world.frame_b, arm1.frame_a);
      connect(arm1.box.frame_b, arm2.frame_a);
      annotation(experiment(StopTime = 2, Interval = 0.01));
    end Swing;
  end Examples;
end MyLib;
